/**
 * A drawing of Chrome's extensions page (chrome://extensions) with the two controls the install steps name:
 * Developer mode and Load unpacked, then the loaded extension. Drawn rather than a screenshot: it stays
 * legible at any width and never goes out of date with Chrome's own styling of the page.
 */
export function ChromeExtensionsPage({ name }: { name: string }) {
  return (
    <figure className="chrome-drawing">
      <svg viewBox="0 0 640 300" role="img" aria-labelledby="chrome-drawing-title">
        <title id="chrome-drawing-title">{`Chrome's extensions page: Developer mode turned on at the top right, the Load unpacked button at the top left, and ${name} in the list once loaded`}</title>
        <rect x="1" y="1" width="638" height="298" rx="12" className="chrome-drawing__window" />
        <rect x="1" y="1" width="638" height="44" rx="12" className="chrome-drawing__bar" />
        <rect x="90" y="12" width="330" height="20" rx="10" className="chrome-drawing__address" />
        <text x="104" y="27" className="chrome-drawing__text">chrome://extensions</text>
        <text x="24" y="78" className="chrome-drawing__heading">Extensions</text>
        <text x="566" y="78" className="chrome-drawing__text" textAnchor="end">Developer mode</text>
        <rect x="580" y="64" width="40" height="20" rx="10" className="chrome-drawing__toggle" />
        <circle cx="610" cy="74" r="8" className="chrome-drawing__knob" />
        <circle cx="600" cy="74" r="22" className="chrome-drawing__mark" />
        <text x="560" y="118" className="chrome-drawing__step">3</text>
        <rect x="24" y="98" width="130" height="30" rx="6" className="chrome-drawing__button" />
        <text x="40" y="118" className="chrome-drawing__text">Load unpacked</text>
        <circle cx="89" cy="113" r="42" className="chrome-drawing__mark" />
        <text x="150" y="150" className="chrome-drawing__step">4</text>
        <rect x="24" y="176" width="280" height="96" rx="10" className="chrome-drawing__card" />
        <rect x="40" y="192" width="32" height="32" rx="8" className="chrome-drawing__icon" />
        <text x="84" y="206" className="chrome-drawing__heading-small">{name}</text>
        <text x="84" y="226" className="chrome-drawing__text">Save items from any shop</text>
        <rect x="244" y="244" width="40" height="18" rx="9" className="chrome-drawing__toggle" />
        <circle cx="274" cy="253" r="7" className="chrome-drawing__knob" />
      </svg>
      <figcaption>Chrome’s extensions page: turn on Developer mode (3), press Load unpacked (4), and {name} appears in the list.</figcaption>
    </figure>
  );
}
