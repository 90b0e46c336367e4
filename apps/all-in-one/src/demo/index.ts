/**
 * The demo catalogue for tests that judge the product against it (search
 * relevance): the generator and the tables it reads. The seeder stays inside
 * the embedded entry.
 */
export { type DemoCatalogue, type DemoProduct, DEMO_SEED, generateDemoCatalogue, randomFrom } from './demo-catalogue';
export { type ColourKey, COLOURS, type DemoCategory, type Fit, type GarmentKey, GARMENTS } from './catalogue-data';
