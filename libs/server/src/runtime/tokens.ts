export const PLATFORM = Symbol('PLATFORM');
export const DATABASE = Symbol('DATABASE');
export const SERVICE_NAME = Symbol('SERVICE_NAME');
