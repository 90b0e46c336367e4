export * from './types';
export { recommend, createRecommender, DEFAULT_RECOMMENDER_OPTIONS, type RecommendInput, type Recommender } from './recommend';
