// Component tests render markup, not styles: a stylesheet import is an empty module.
module.exports = {};
