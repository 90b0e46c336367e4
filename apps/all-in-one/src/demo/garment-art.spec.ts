import sharp from 'sharp';
import { GARMENTS } from './catalogue-data';
import { GARMENT_SHAPES, garmentSvg, mix } from './garment-art';

describe('garment illustrations', () => {
  it.each(GARMENT_SHAPES)('draws a %s as an SVG that renders to a 4:5 WebP', async (shape) => {
    const svg = garmentSvg(shape, '#1f2a44', 80);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="80" height="100" viewBox="0 0 400 500">.*<\/svg>$/s);
    expect(svg).toContain('#1f2a44');
    const webp = await sharp(Buffer.from(svg)).webp().toBuffer();
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 80, height: 100 });
  });

  it('has a drawing for every garment of the catalogue', () => {
    for (const garment of Object.values(GARMENTS)) expect(GARMENT_SHAPES).toContain(garment.shape);
  });

  it('takes only #rrggbb colours, so nothing else reaches the SVG text', () => {
    expect(() => garmentSvg('tee', 'red')).toThrow(RangeError);
    expect(() => garmentSvg('tee', '#fff"/><script>')).toThrow(RangeError);
  });

  it('mixes colours towards white and black', () => {
    expect(mix('#204060', 0.5)).toBe('#90a0b0');
    expect(mix('#204060', -0.5)).toBe('#102030');
    expect(mix('#204060', 0)).toBe('#204060');
  });
});
