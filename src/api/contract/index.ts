// THE one definition of every call. Grouped as the specs group them.
import { auth } from './auth.ts';

export const contract = { auth } as const;
export type Contract = typeof contract;
export * from './define.ts';
export * from './slugs.ts';
