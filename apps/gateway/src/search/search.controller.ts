import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import {
  type Caller,
  type RecentSearches,
  ReindexParams,
  SaveSearchRequest,
  SearchParams,
  type SearchResults,
  type SearchSuggestions,
  SuggestionParams,
} from '@closetly/contracts';
import { RPC_CLIENT, type RpcClient } from '@closetly/server';
import type { z } from 'zod';
import { AdminOnly, Authenticated, CurrentUser } from '../auth/auth.guards';
import { ZodPipe } from '../http/zod-body.pipe';
import { ProductImages } from '../images/product-images';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';

/** A reindex reads the whole catalogue; it may take minutes on a large one. */
const REINDEX_TIMEOUT_MS = 15 * 60_000;

/**
 * Spec §7 search calls: search and suggestions need only the beta token;
 * recent searches are the signed-in caller's own.
 */
@Controller('api')
export class SearchController {
  constructor(
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly images: ProductImages,
  ) {}

  /** GET /api/search?q=&isMultiSearch=&page=&price=&gender=&brand=: one page, the total and the facets. */
  @Get('search')
  @RateLimit('search')
  async search(@Query(new ZodPipe(SearchParams)) params: z.output<typeof SearchParams>): Promise<SearchResults> {
    const { isMultiSearch, ...rest } = params;
    const results = await this.rpc.call('search.search', { ...rest, multi: isMultiSearch });
    return { ...results, products: results.products.map((product) => this.images.withDisplayImage(product)) };
  }

  /** GET /api/search/suggestions?q={prefix}: the first names for the header box. */
  @Get('search/suggestions')
  @RateLimit('suggestions')
  suggestions(@Query(new ZodPipe(SuggestionParams)) params: z.output<typeof SuggestionParams>): Promise<SearchSuggestions> {
    return this.rpc.call('search.suggest', { prefix: params.q });
  }

  /** POST /api/save-search {term}: the spec shows no answer; 204. */
  @Post('save-search')
  @HttpCode(204)
  @Authenticated()
  @RateLimit('save-search')
  async saveSearch(@Body(new ZodPipe(SaveSearchRequest)) body: SaveSearchRequest, @CurrentUser() caller: Caller): Promise<void> {
    await this.rpc.call('profile.save-search', { caller, term: body.term });
  }

  @Get('recent-searches')
  @Authenticated()
  recentSearches(@CurrentUser() caller: Caller): Promise<RecentSearches> {
    return this.rpc.call('profile.recent-searches', { caller });
  }

  /** POST /api/admin/search/reindex?from=events|catalogue: rebuilds the search index and swaps it in (administrator; see ReindexParams). */
  @Post('admin/search/reindex')
  @HttpCode(200)
  @AdminOnly()
  reindex(@Query(new ZodPipe(ReindexParams)) params: z.output<typeof ReindexParams>, @CurrentUser() caller: Caller): Promise<{ indexed: number }> {
    return this.rpc.call('search.reindex', { caller, from: params.from }, { timeoutMs: REINDEX_TIMEOUT_MS });
  }
}
