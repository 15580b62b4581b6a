// Every route group of the API. The contract test checks this list against src/api/contract.
import type { RouteGroup } from '../http/routes.ts';
import { authRoutes } from './auth.ts';

export const routeGroups: RouteGroup[] = [authRoutes];
