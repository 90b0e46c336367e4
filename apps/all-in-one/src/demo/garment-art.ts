/**
 * Garment illustrations for the demo catalogue: one flat drawing per garment
 * shape, filled with the product's colour, on a soft studio background. Pure
 * SVG text (the seeder renders it to WebP with sharp), drawn on a 400 × 500
 * canvas: the 4:5 card every product image is shown in.
 */

export const GARMENT_SHAPES = [
  'tee', 'shirt', 'polo', 'blouse', 'knit', 'cardigan', 'hoodie', 'tank', 'dress', 'jumpsuit',
  'trousers', 'jeans', 'joggers', 'leggings', 'shorts', 'skirt',
  'sneaker', 'boot', 'loafer', 'sandal', 'clog', 'heel', 'flat',
  'coat', 'trench', 'jacket', 'puffer', 'blazer', 'gilet',
  'bag', 'beltBag', 'duffel', 'tote', 'backpack', 'cap', 'beanie', 'hat', 'scarf', 'belt', 'sunglasses', 'necklace', 'earrings', 'watch', 'socks',
] as const;
export type GarmentShape = (typeof GARMENT_SHAPES)[number];

export const ART_WIDTH = 400;
export const ART_HEIGHT = 500;

/** What one drawing needs: the fill, a darker shade for seams and outlines, a lighter one for highlights. */
interface Ink {
  fill: string;
  line: string;
  shade: string;
  light: string;
  /** A contrasting trim (soles, buckles, lenses). */
  trim: string;
  metal: string;
}

type Draw = (ink: Ink) => string;

const path = (d: string, fill: string, stroke: string, width = 3) => `<path d="${d}" fill="${fill}" stroke="${stroke}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"/>`;
const line = (d: string, stroke: string, width = 2.5, dash = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, stroke = 'none', width = 2) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${stroke}" stroke-width="${width}"/>`;
const buttons = (x: number, ys: readonly number[], ink: Ink, r = 4) => ys.map((y) => circle(x, y, r, ink.shade, ink.line, 1.5)).join('');
const ribs = (x1: number, x2: number, y1: number, y2: number, step: number, stroke: string) => {
  let d = '';
  for (let x = x1; x <= x2; x += step) d += `M${x} ${y1}V${y2}`;
  return line(d, stroke, 1.5);
};

const TEE_BODY = 'M128 118 L172 98 Q200 120 228 98 L272 118 L326 170 L296 206 L270 188 L270 408 L130 408 L130 188 L104 206 L74 170 Z';
const LONG_SLEEVE_BODY = 'M132 112 L174 96 Q200 116 226 96 L268 112 L300 160 L326 350 L292 358 L268 214 L268 414 L132 414 L132 214 L108 358 L74 350 L100 160 Z';
const COAT_BODY = 'M138 92 L178 80 L200 104 L222 80 L262 92 L296 140 L322 372 L290 380 L272 206 L276 446 L124 446 L128 206 L110 380 L78 372 L104 140 Z';
const JACKET_BODY = 'M134 104 L176 90 L200 112 L224 90 L266 104 L300 152 L324 352 L292 360 L270 210 L270 378 L130 378 L130 210 L108 360 L76 352 L100 152 Z';
const TROUSERS = 'M138 84 L262 84 L276 432 L214 432 L200 176 L186 432 L124 432 Z';

const DRAWINGS: Record<GarmentShape, Draw> = {
  tee: (ink) => path(TEE_BODY, ink.fill, ink.line) + line('M172 98 Q200 132 228 98', ink.line, 3) + line('M104 206 L128 186 M296 206 L272 186', ink.shade, 2),
  shirt: (ink) =>
    path(LONG_SLEEVE_BODY, ink.fill, ink.line) +
    path('M174 96 L200 130 L186 142 L166 104 Z', ink.light, ink.line, 2) +
    path('M226 96 L200 130 L214 142 L234 104 Z', ink.light, ink.line, 2) +
    line('M200 130 V414', ink.shade, 2) +
    buttons(206, [160, 205, 250, 295, 340, 385], ink, 3.5) +
    path('M226 168 H256 V200 H226 Z', 'none', ink.shade, 2) +
    line('M92 336 L118 340 M308 336 L282 340', ink.shade, 2),
  polo: (ink) =>
    path(TEE_BODY, ink.fill, ink.line) +
    path('M172 98 L200 122 L184 136 L160 106 Z', ink.light, ink.line, 2) +
    path('M228 98 L200 122 L216 136 L240 106 Z', ink.light, ink.line, 2) +
    line('M200 122 V178', ink.shade, 2) +
    buttons(206, [140, 162], ink, 3.5) +
    line('M104 206 L128 186 M296 206 L272 186', ink.shade, 2),
  blouse: (ink) =>
    path('M136 114 L176 98 Q200 126 224 98 L264 114 Q318 150 330 250 Q322 284 296 282 Q286 230 268 206 L274 410 Q200 426 126 410 L132 206 Q114 230 104 282 Q78 284 70 250 Q82 150 136 114 Z', ink.fill, ink.line) +
    line('M176 98 Q200 146 224 98', ink.line, 3) +
    line('M200 140 Q192 170 182 190 M200 140 Q208 170 218 190', ink.shade, 2.5) +
    line('M150 250 Q160 330 150 400 M250 250 Q240 330 250 400', ink.light, 2),
  knit: (ink) =>
    path(LONG_SLEEVE_BODY, ink.fill, ink.line) +
    line('M174 96 Q200 128 226 96', ink.line, 3) +
    line('M170 100 Q200 140 230 100', ink.shade, 2) +
    ribs(136, 264, 392, 412, 8, ink.shade) +
    line('M78 334 L106 340 M322 334 L294 340', ink.shade, 2) +
    line('M170 210 Q162 250 170 290 Q178 330 170 370 M230 210 Q238 250 230 290 Q222 330 230 370 M200 190 V380', ink.light, 3),
  cardigan: (ink) =>
    path(LONG_SLEEVE_BODY, ink.fill, ink.line) +
    path('M174 96 L200 230 L226 96', 'none', ink.line, 3) +
    line('M200 230 V414', ink.line, 2.5) +
    buttons(210, [254, 292, 330, 368], ink, 4.5) +
    ribs(136, 264, 396, 412, 8, ink.shade) +
    line('M78 334 L106 340 M322 334 L294 340', ink.shade, 2),
  hoodie: (ink) =>
    path('M160 110 Q150 50 200 46 Q250 50 240 110 Z', ink.shade, ink.line) +
    path(LONG_SLEEVE_BODY, ink.fill, ink.line) +
    path('M166 104 Q200 150 234 104 Q224 70 200 68 Q176 70 166 104 Z', ink.shade, ink.line, 2.5) +
    line('M188 130 V176 M212 130 V176', ink.light, 2.5) +
    path('M152 300 H248 L262 352 H138 Z', 'none', ink.shade, 2.5) +
    ribs(136, 264, 396, 412, 8, ink.shade),
  tank: (ink) =>
    path('M152 96 L170 96 Q200 150 230 96 L248 96 L252 160 Q270 180 270 210 L270 410 L130 410 L130 210 Q130 180 148 160 Z', ink.fill, ink.line) +
    line('M170 96 Q200 150 230 96', ink.line, 3) +
    ribs(140, 260, 220, 400, 12, ink.light),
  dress: (ink) =>
    path('M166 82 L184 82 Q200 112 216 82 L234 82 L240 150 L232 214 Q290 330 312 450 Q200 468 88 450 Q110 330 168 214 L160 150 Z', ink.fill, ink.line) +
    line('M168 214 Q200 224 232 214', ink.shade, 3) +
    line('M180 240 Q170 340 150 444 M220 240 Q230 340 250 444 M200 232 V456', ink.light, 2.5),
  jumpsuit: (ink) =>
    path('M160 80 L180 80 Q200 110 220 80 L240 80 L246 150 L244 218 L276 446 L216 446 L200 262 L184 446 L124 446 L156 218 L154 150 Z', ink.fill, ink.line) +
    line('M156 218 Q200 230 244 218', ink.shade, 4) +
    line('M200 110 V218', ink.shade, 2),
  trousers: (ink) =>
    path(TROUSERS, ink.fill, ink.line) +
    path('M138 84 H262 V104 H138 Z', ink.shade, ink.line, 2) +
    line('M200 104 V176', ink.shade, 2) +
    line('M166 112 L156 420 M234 112 L244 420', ink.light, 2) +
    line('M146 116 Q160 140 176 120 M254 116 Q240 140 224 120', ink.shade, 2),
  jeans: (ink) =>
    path(TROUSERS, ink.fill, ink.line) +
    path('M138 84 H262 V104 H138 Z', ink.shade, ink.line, 2) +
    line('M200 104 V176', ink.light, 2, '5 4') +
    line('M146 110 Q166 146 186 112 M254 110 Q234 146 214 112', ink.light, 2, '5 4') +
    line('M130 418 H184 M216 418 H270', ink.light, 2, '5 4') +
    line('M156 84 V104 M244 84 V104 M200 84 V104', ink.line, 3) +
    circle(200, 94, 4, ink.metal, ink.line, 1),
  joggers: (ink) =>
    path('M140 90 L260 90 Q282 250 268 410 L218 410 L200 180 L182 410 L132 410 Q118 250 140 90 Z', ink.fill, ink.line) +
    path('M140 90 H260 V114 H140 Z', ink.shade, ink.line, 2) +
    path('M132 410 H182 V436 H134 Z M218 410 H268 L266 436 H218 Z', ink.shade, ink.line, 2) +
    line('M192 114 Q188 140 184 150 M208 114 Q212 140 216 150', ink.light, 2.5) +
    ribs(140, 258, 96, 108, 8, ink.line),
  leggings: (ink) =>
    path('M150 86 L250 86 Q262 250 244 436 L210 436 L200 170 L190 436 L156 436 Q138 250 150 86 Z', ink.fill, ink.line) +
    path('M150 86 H250 V116 H150 Z', ink.shade, ink.line, 2) +
    line('M170 130 Q160 280 174 430 M230 130 Q240 280 226 430', ink.light, 2),
  shorts: (ink) =>
    path('M130 140 L270 140 L292 330 L214 342 L200 230 L186 342 L108 330 Z', ink.fill, ink.line) +
    path('M130 140 H270 V164 H130 Z', ink.shade, ink.line, 2) +
    line('M146 172 Q162 200 178 176 M254 172 Q238 200 222 176', ink.shade, 2) +
    line('M112 312 L186 322 M288 312 L214 322', ink.light, 2),
  skirt: (ink) =>
    path('M150 116 L250 116 L300 420 Q200 436 100 420 Z', ink.fill, ink.line) +
    path('M150 116 H250 V140 H150 Z', ink.shade, ink.line, 2) +
    line('M176 140 L150 424 M200 140 V430 M224 140 L250 424', ink.shade, 2),
  sneaker: (ink) =>
    path('M70 330 Q70 268 112 258 L180 240 Q214 220 236 250 L300 282 Q342 294 340 330 Z', ink.fill, ink.line) +
    path('M66 330 H344 Q346 356 320 358 H88 Q64 356 66 330 Z', ink.trim, ink.line) +
    line('M84 344 H330', ink.shade, 1.5) +
    line('M188 250 L206 262 M200 244 L220 258 M212 240 L232 254', ink.light, 3) +
    path('M120 300 Q190 288 262 310', 'none', ink.shade, 5) +
    path('M72 300 Q80 272 108 268', 'none', ink.shade, 2),
  boot: (ink) =>
    path('M150 110 L244 110 L248 272 Q300 284 330 300 Q352 312 348 340 L96 340 Q92 300 120 286 L150 272 Z', ink.fill, ink.line) +
    path('M92 340 H350 V364 H92 Z', ink.trim, ink.line) +
    path('M150 110 H244 V130 H150 Z', ink.shade, ink.line, 2) +
    line('M230 150 Q236 220 248 270', ink.shade, 2.5) +
    line('M100 352 H344', ink.shade, 1.5, '6 5'),
  loafer: (ink) =>
    path('M66 320 Q70 276 118 266 L250 252 Q322 256 338 296 Q344 318 332 326 L74 330 Z', ink.fill, ink.line) +
    path('M62 330 H338 V348 H62 Z', ink.trim, ink.line) +
    path('M214 262 Q262 256 300 276 L292 296 Q256 282 220 286 Z', ink.shade, ink.line, 2) +
    line('M236 270 H272', ink.metal, 4),
  sandal: (ink) =>
    path('M60 338 Q62 312 100 310 H330 Q352 312 350 338 Q346 356 322 356 H90 Q60 356 60 338 Z', ink.trim, ink.line) +
    path('M120 312 Q150 250 200 244 Q250 250 280 312', 'none', ink.line, 14) +
    path('M120 312 Q150 250 200 244 Q250 250 280 312', 'none', ink.fill, 9) +
    path('M150 312 Q200 274 250 312', 'none', ink.line, 14) +
    path('M150 312 Q200 274 250 312', 'none', ink.fill, 9) +
    circle(280, 300, 6, ink.metal, ink.line, 1.5),
  // A closed toe over a deep footbed, heel open: not a strappy sandal.
  clog: (ink) =>
    path('M60 334 Q62 310 100 308 H330 Q354 310 350 334 L346 352 Q340 364 318 364 H92 Q64 364 60 350 Z', ink.trim, ink.line) +
    line('M70 340 H340', ink.shade, 1.5, '6 5') +
    path('M128 310 Q136 242 232 234 Q326 236 346 310 Z', ink.fill, ink.line) +
    path('M150 286 Q186 250 236 238 L242 254 Q196 264 162 298 Z', ink.shade, ink.line, 2) +
    circle(166, 286, 7, 'none', ink.metal, 3) +
    line('M250 260 Q292 262 320 290', ink.light, 2.5),
  heel: (ink) =>
    path('M80 300 Q90 276 130 282 Q200 300 250 230 Q276 206 300 214 L314 226 L300 244 Q244 318 120 326 Q82 326 80 300 Z', ink.fill, ink.line) +
    path('M296 224 L316 224 L306 356 L298 356 Z', ink.fill, ink.line) +
    line('M96 320 Q160 316 250 268', ink.shade, 2),
  flat: (ink) =>
    path('M70 318 Q74 280 128 276 L268 270 Q330 272 340 304 Q344 326 320 330 L92 336 Q68 336 70 318 Z', ink.fill, ink.line) +
    path('M150 290 Q200 270 260 284 Q240 302 200 306 Q168 304 150 290 Z', ink.shade, ink.line, 2) +
    path('M64 336 H338', 'none', ink.trim, 6) +
    circle(206, 292, 6, ink.light, ink.line, 1.5),
  coat: (ink) =>
    path(COAT_BODY, ink.fill, ink.line) +
    path('M178 80 L200 104 L186 200 L156 130 Z', ink.shade, ink.line, 2) +
    path('M222 80 L200 104 L214 200 L244 130 Z', ink.shade, ink.line, 2) +
    line('M200 200 V446', ink.line, 2.5) +
    buttons(188, [236, 290, 344], ink, 5.5) +
    buttons(212, [236, 290, 344], ink, 5.5) +
    line('M140 330 H172 M228 330 H260', ink.shade, 3),
  trench: (ink) =>
    path(COAT_BODY, ink.fill, ink.line) +
    path('M178 80 L200 104 L180 190 L150 126 Z', ink.light, ink.line, 2) +
    path('M222 80 L200 104 L220 190 L250 126 Z', ink.light, ink.line, 2) +
    path('M126 258 H274 V276 H126 Z', ink.shade, ink.line, 2) +
    path('M196 254 H214 V280 H196 Z', 'none', ink.metal, 3) +
    line('M200 190 V446', ink.line, 2.5) +
    buttons(182, [214, 240, 312, 352], ink, 4.5) +
    buttons(218, [214, 240, 312, 352], ink, 4.5),
  jacket: (ink) =>
    path(JACKET_BODY, ink.fill, ink.line) +
    path('M176 90 L200 112 L180 128 L160 100 Z M224 90 L200 112 L220 128 L240 100 Z', ink.shade, ink.line, 2) +
    line('M200 112 V378', ink.metal, 3) +
    path('M144 300 H184 V340 H144 Z M216 300 H256 V340 H216 Z', 'none', ink.shade, 2.5) +
    path('M130 362 H270 V378 H130 Z', ink.shade, ink.line, 2) +
    line('M84 344 L106 348 M316 344 L294 348', ink.shade, 2),
  puffer: (ink) =>
    path('M130 100 Q200 84 270 100 Q316 150 330 350 Q312 362 292 358 L282 222 Q290 330 282 392 Q200 410 118 392 Q110 330 118 222 L108 358 Q88 362 70 350 Q84 150 130 100 Z', ink.fill, ink.line) +
    path('M156 98 Q200 70 244 98 Q240 124 200 128 Q160 124 156 98 Z', ink.shade, ink.line, 2.5) +
    line('M122 170 Q200 186 278 170 M120 230 Q200 246 280 230 M120 290 Q200 306 280 290 M120 350 Q200 366 280 350', ink.shade, 2.5) +
    line('M86 200 L100 204 M82 260 L100 262 M314 200 L300 204 M318 260 L300 262', ink.shade, 2) +
    line('M200 128 V400', ink.metal, 3),
  blazer: (ink) =>
    path(JACKET_BODY, ink.fill, ink.line) +
    path('M176 90 L200 112 L192 240 L160 150 L172 120 L160 108 Z', ink.shade, ink.line, 2) +
    path('M224 90 L200 112 L208 240 L240 150 L228 120 L240 108 Z', ink.shade, ink.line, 2) +
    line('M200 240 L190 378', ink.line, 2.5) +
    buttons(206, [268, 306], ink, 5) +
    line('M144 312 H180 M220 312 H256 M226 176 H252', ink.line, 3),
  gilet: (ink) =>
    path('M150 100 Q200 86 250 100 L276 150 Q288 270 280 396 Q200 414 120 396 Q112 270 124 150 Z', ink.fill, ink.line) +
    path('M164 98 Q200 76 236 98 Q232 120 200 124 Q168 120 164 98 Z', ink.shade, ink.line, 2.5) +
    line('M124 190 Q200 206 276 190 M122 250 Q200 266 278 250 M122 310 Q200 326 278 310 M122 370 Q200 386 278 370', ink.shade, 2.5) +
    line('M200 124 V404', ink.metal, 3),
  bag: (ink) =>
    path('M140 230 Q140 120 200 120 Q260 120 260 230', 'none', ink.line, 12) +
    path('M140 230 Q140 120 200 120 Q260 120 260 230', 'none', ink.shade, 7) +
    path('M108 236 H292 L312 410 Q200 424 88 410 Z', ink.fill, ink.line) +
    path('M108 236 H292 L286 300 Q200 318 114 300 Z', ink.shade, ink.line, 2) +
    path('M190 296 H210 V318 H190 Z', ink.metal, ink.line, 1.5),
  // Worn at the waist: a crescent pouch on a long strap with a side-release buckle.
  beltBag: (ink) =>
    line('M34 268 Q200 196 366 268', ink.line, 12) +
    line('M34 268 Q200 196 366 268', ink.shade, 7) +
    path('M334 236 H362 V270 H334 Z', ink.trim, ink.line, 2) +
    path('M108 244 Q200 224 292 244 Q322 254 314 296 Q300 346 200 350 Q100 346 86 296 Q78 254 108 244 Z', ink.fill, ink.line) +
    line('M106 268 Q200 248 294 268', ink.line, 2.5) +
    path('M262 262 H276 V286 H262 Z', ink.metal, ink.line, 1.5) +
    line('M120 300 Q200 318 280 300', ink.light, 2),
  // A barrel-shaped holdall lying on its side, with grab handles and a zip along the top.
  duffel: (ink) =>
    line('M70 262 Q200 112 330 262', ink.line, 8) +
    line('M70 262 Q200 112 330 262', ink.shade, 4) +
    path('M46 272 Q46 232 96 228 H304 Q354 232 354 272 V376 Q354 402 320 402 H80 Q46 402 46 376 Z', ink.fill, ink.line) +
    path('M46 272 Q46 232 96 228 Q78 316 96 402 H80 Q46 402 46 376 Z', ink.shade, ink.line, 2) +
    path('M354 272 Q354 232 304 228 Q322 316 304 402 H320 Q354 402 354 376 Z', ink.shade, ink.line, 2) +
    line('M104 244 H296', ink.line, 2.5, '4 3') +
    path('M156 230 Q156 184 200 184 Q244 184 244 230', 'none', ink.line, 10) +
    path('M156 230 Q156 184 200 184 Q244 184 244 230', 'none', ink.light, 5) +
    path('M266 238 H278 V258 H266 Z', ink.metal, ink.line, 1.5),
  tote: (ink) =>
    path('M150 200 Q150 110 180 110 Q206 110 206 200 M194 200 Q194 110 220 110 Q250 110 250 200', 'none', ink.line, 10) +
    path('M150 200 Q150 110 180 110 Q206 110 206 200 M194 200 Q194 110 220 110 Q250 110 250 200', 'none', ink.shade, 5) +
    path('M100 196 H300 L290 420 H110 Z', ink.fill, ink.line) +
    line('M104 222 H296', ink.shade, 2, '6 5'),
  backpack: (ink) =>
    path('M170 100 Q170 76 200 76 Q230 76 230 100', 'none', ink.line, 8) +
    path('M120 150 Q120 100 200 100 Q280 100 280 150 L286 410 Q200 424 114 410 Z', ink.fill, ink.line) +
    path('M120 150 Q200 210 280 150 L280 176 Q200 232 120 176 Z', ink.shade, ink.line, 2) +
    path('M146 290 H254 V388 Q200 398 146 388 Z', ink.shade, ink.line, 2) +
    line('M164 290 V260 M236 290 V260', ink.line, 4) +
    line('M124 140 Q200 118 276 140', ink.metal, 2.5),
  cap: (ink) =>
    path('M112 300 Q110 180 200 172 Q290 180 288 300 Z', ink.fill, ink.line) +
    path('M112 300 Q200 286 288 300 Q350 304 360 326 Q300 336 200 316 Q130 320 112 300 Z', ink.shade, ink.line) +
    line('M200 174 V296 M160 184 Q150 240 152 298 M240 184 Q250 240 248 298', ink.shade, 2) +
    circle(200, 174, 7, ink.shade, ink.line, 1.5),
  beanie: (ink) =>
    path('M116 300 Q110 150 200 140 Q290 150 284 300 Z', ink.fill, ink.line) +
    path('M106 290 H294 V360 H106 Z', ink.shade, ink.line) +
    ribs(120, 280, 296, 354, 10, ink.line) +
    line('M150 180 Q146 240 148 288 M200 146 V288 M250 180 Q254 240 252 288', ink.light, 2.5),
  hat: (ink) =>
    path('M62 320 Q200 290 338 320 Q340 350 200 356 Q60 350 62 320 Z', ink.fill, ink.line) +
    path('M132 314 Q128 210 200 200 Q272 210 268 314 Q200 326 132 314 Z', ink.fill, ink.line) +
    path('M130 290 Q200 302 270 290 L268 312 Q200 324 132 312 Z', ink.shade, ink.line, 2),
  scarf: (ink) =>
    path('M150 90 H250 V140 Q250 170 226 182 L226 400 H180 L180 190 Q150 176 150 140 Z', ink.fill, ink.line) +
    path('M214 182 L260 190 L262 400 L216 400 Z', ink.shade, ink.line) +
    line('M160 108 H240 M160 126 H240', ink.light, 3) +
    line('M182 402 V430 M192 402 V432 M202 402 V430 M212 402 V432 M222 402 V430 M222 402 V432 M232 402 V428 M244 402 V432 M254 402 V428', ink.line, 2.5),
  belt: (ink) =>
    path('M80 236 Q200 206 330 236 L330 274 Q200 244 80 274 Z', ink.fill, ink.line) +
    path('M70 224 H118 V286 H70 Z', 'none', ink.metal, 7) +
    line('M94 254 H140', ink.metal, 5) +
    line('M170 246 V246 M200 238 V238 M230 238 V238 M260 242 V242', ink.line, 6) +
    line('M130 244 Q200 222 320 246 M130 266 Q200 244 320 266', ink.shade, 1.5, '5 4'),
  sunglasses: (ink) =>
    path('M78 214 H186 Q190 300 132 304 Q80 300 78 214 Z', '#34363a', ink.fill === '#34363a' ? ink.line : ink.fill, 8) +
    path('M214 214 H322 Q320 300 268 304 Q210 300 214 214 Z', '#34363a', ink.fill === '#34363a' ? ink.line : ink.fill, 8) +
    line('M186 226 Q200 210 214 226', ink.fill, 8) +
    line('M78 216 L56 206 M322 216 L344 206', ink.fill, 7) +
    line('M96 236 Q110 226 128 230 M232 236 Q246 226 264 230', '#8d9196', 4),
  necklace: (ink) =>
    line('M110 120 Q120 330 200 340 Q280 330 290 120', ink.metal, 5) +
    line('M110 120 Q120 330 200 340 Q280 330 290 120', ink.line, 1, '3 6') +
    path('M200 340 L222 372 L200 412 L178 372 Z', ink.fill, ink.line) +
    circle(200, 342, 7, ink.metal, ink.line, 1.5),
  earrings: (ink) =>
    [128, 272]
      .map(
        (cx) =>
          circle(cx, 170, 8, ink.metal, ink.line, 2) +
          `<circle cx="${cx}" cy="250" r="62" fill="none" stroke="${ink.line}" stroke-width="20"/><circle cx="${cx}" cy="250" r="62" fill="none" stroke="${ink.fill}" stroke-width="14"/>`,
      )
      .join(''),
  watch: (ink) =>
    path('M168 70 H232 L226 190 H174 Z M174 310 H226 L232 430 H168 Z', ink.fill, ink.line) +
    circle(200, 250, 72, ink.metal, ink.line, 4) +
    circle(200, 250, 58, '#fbfaf7', ink.line, 2) +
    line('M200 250 V208 M200 250 L228 262', ink.line, 4) +
    line('M200 198 V204 M252 250 H246 M200 302 V296 M148 250 H154', ink.line, 3) +
    path('M272 242 H284 V258 H272 Z', ink.metal, ink.line, 1.5) +
    line('M178 96 H222 M178 120 H222 M178 380 H222 M178 404 H222', ink.shade, 2),
  socks: (ink) =>
    path('M150 80 H230 V300 Q232 340 274 352 Q318 366 308 404 Q298 432 256 424 L180 400 Q146 388 150 340 Z', ink.fill, ink.line) +
    path('M150 80 H230 V126 H150 Z', ink.shade, ink.line, 2) +
    ribs(160, 222, 84, 122, 8, ink.line) +
    path('M262 360 Q312 366 308 404 Q298 432 256 424 Q262 392 262 360 Z', ink.shade, ink.line, 2),
};

/** Where each drawing's lowest point is, and how much to enlarge it: every garment then stands on the same floor, small ones a little larger. */
const LAYOUT: Record<GarmentShape, { bottom: number; scale?: number }> = {
  tee: { bottom: 408 }, shirt: { bottom: 414 }, polo: { bottom: 408 }, blouse: { bottom: 422 }, knit: { bottom: 414 }, cardigan: { bottom: 414 },
  hoodie: { bottom: 414 }, tank: { bottom: 410 }, dress: { bottom: 462, scale: 0.96 }, jumpsuit: { bottom: 446 },
  trousers: { bottom: 432 }, jeans: { bottom: 432 }, joggers: { bottom: 436 }, leggings: { bottom: 436 }, shorts: { bottom: 342, scale: 1.15 }, skirt: { bottom: 432 },
  sneaker: { bottom: 358, scale: 1.1 }, boot: { bottom: 364, scale: 1.05 }, loafer: { bottom: 348, scale: 1.1 }, sandal: { bottom: 356, scale: 1.1 }, clog: { bottom: 364, scale: 1.1 },
  heel: { bottom: 356, scale: 1.15 }, flat: { bottom: 339, scale: 1.1 },
  coat: { bottom: 446 }, trench: { bottom: 446 }, jacket: { bottom: 378, scale: 1.05 }, puffer: { bottom: 404, scale: 1.05 }, blazer: { bottom: 378, scale: 1.05 }, gilet: { bottom: 410 },
  bag: { bottom: 424 }, beltBag: { bottom: 350, scale: 1.05 }, duffel: { bottom: 402 }, tote: { bottom: 420 }, backpack: { bottom: 420 }, cap: { bottom: 336, scale: 1.05 }, beanie: { bottom: 360, scale: 1.1 }, hat: { bottom: 356, scale: 1.1 },
  scarf: { bottom: 432 }, belt: { bottom: 300, scale: 1.1 }, sunglasses: { bottom: 310 }, necklace: { bottom: 412 }, earrings: { bottom: 332, scale: 1.15 },
  watch: { bottom: 430 }, socks: { bottom: 430 },
};
/** The floor every drawing stands on, just above its shadow. */
const FLOOR = 446;

/** "#rrggbb" mixed towards white (amount > 0) or black (amount < 0). */
export function mix(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    const target = amount > 0 ? 255 : 0;
    return Math.round(c + (target - c) * Math.abs(amount));
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [16, 8, 0].map((shift) => ((value >> shift) & 0xff) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function inkFor(fill: string): Ink {
  const light = luminance(fill);
  return {
    fill,
    // Pale garments get a grey outline; dark ones a lighter seam colour so details stay visible.
    line: light > 0.75 ? '#8a8580' : mix(fill, -0.45),
    shade: light < 0.18 ? mix(fill, 0.18) : mix(fill, -0.16),
    light: light < 0.18 ? mix(fill, 0.3) : mix(fill, 0.28),
    trim: light > 0.6 ? '#3b3936' : '#f4f2ee',
    metal: '#c9a646',
  };
}

/** The card behind the garment: a soft tint of the garment's colour, never the colour itself. */
function backdrop(fill: string): string {
  const tint = mix(fill, 0.9);
  return `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="#f4f2ee"/><rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="${tint}" opacity="0.55"/><ellipse cx="200" cy="${FLOOR + 10}" rx="140" ry="12" fill="#000" opacity="0.06"/>`;
}

/** The SVG drawing of one garment shape in one colour ("#rrggbb"), at `width` pixels wide (4:5). */
export function garmentSvg(shape: GarmentShape, colour: string, width = ART_WIDTH): string {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) throw new RangeError(`"${colour}" is not a #rrggbb colour`);
  const height = Math.round((width * ART_HEIGHT) / ART_WIDTH);
  const { bottom, scale = 1 } = LAYOUT[shape];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">` +
    backdrop(colour.toLowerCase()) +
    `<g transform="translate(200 ${FLOOR}) scale(${scale}) translate(-200 ${-bottom})">` +
    DRAWINGS[shape](inkFor(colour.toLowerCase())) +
    '</g></svg>'
  );
}
