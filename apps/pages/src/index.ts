export * from './config';
export * from './pages.module';
export { pagesPlatformTables, productPages } from './db/schema';
export { pageAddress } from './page-address';
export { PagesRepository } from './pages.repository';
export { MIN_PAGE_CONFIDENCE, PAGE_FETCHER, PagesService } from './pages.service';
