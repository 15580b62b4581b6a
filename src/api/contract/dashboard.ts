// Document 1 §7: the dashboard's four blocks, each for one company (or -1: all of them, staff only).
import { Type } from '@sinclair/typebox';
import { CustomerId, Id, Str, endpoint } from './define.ts';
import { INFO_READ } from './slugs.ts';

const ForCompany = { customer: { in: 'query', field: 'id_customer' } } as const;
const Text = Type.Union([Type.String(), Type.Null()]);
const Day = Type.Union([Type.String({ description: 'YYYY-MM-DD' }), Type.Null()]);

export const LastRegisteredProduct = Type.Object({
  images: Type.Array(Type.String(), { description: 'Stored paths; the first is the photo' }),
  name: Type.String(),
  sku: Type.String(),
  id_product: Type.Integer(),
});

export const TasksByState = Type.Object({
  title: Type.String(),
  not_started: Type.Integer(),
  in_progress: Type.Integer(),
  done: Type.Integer(),
});

export const ServiceProgress = Type.Object({
  title: Type.String(),
  modeling_and_texturing: Type.Integer({ minimum: 0, maximum: 100 }),
  silo_image: Type.Integer({ minimum: 0, maximum: 100 }),
  lifestyle: Type.Integer({ minimum: 0, maximum: 100 }),
});

export const RoundReview = Type.Object({
  title: Type.String(),
  subtitle: Type.String({ description: 'The batch code' }),
  round_current: Type.Integer(),
  total_models: Type.Integer(),
  upcoming_dates: Text,
  status_service: Type.Integer({ minimum: 0, maximum: 6 }),
  start_date: Day,
  end_date: Day,
  link_review: Text,
  /** Our extension (issue 42): the round's models whose latest version is not approved yet. */
  models_left: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});

export const dashboard = {
  lastRegistered: endpoint({
    method: 'GET',
    path: '/gets/dashboard/products/last-registered/show',
    auth: 'user',
    summary: "The company's 10 newest products, optionally filtered by SKU or product id",
    permission: INFO_READ,
    tenant: ForCompany,
    query: Type.Object({ id_customer: CustomerId, sku: Type.Optional(Str(100)), id_model: Type.Optional(Id) }),
    response: Type.Object({ success: Type.Literal(true), products: Type.Array(LastRegisteredProduct) }),
  }),
  tasksByStates: endpoint({
    method: 'GET',
    path: '/gets/dashboard/products/tasks-by-states/show',
    auth: 'user',
    summary: 'Task counts per service and state',
    permission: ['dashboard-access'],
    tenant: ForCompany,
    query: Type.Object({ id_customer: CustomerId }),
    response: Type.Object({ success: Type.Literal(true), tasks_by_states: Type.Array(TasksByState) }),
  }),
  progressBarService: endpoint({
    method: 'GET',
    path: '/gets/dashboard/products/progress-bar-service/show',
    auth: 'user',
    summary: 'Service progress per collection, in percent',
    permission: ['dashboard-access'],
    tenant: ForCompany,
    query: Type.Object({ id_customer: CustomerId }),
    response: Type.Object({ success: Type.Literal(true), progress_bar_service: Type.Array(ServiceProgress) }),
  }),
  roundsReview: endpoint({
    method: 'GET',
    path: '/gets/dashboard/products/rounds-review/show',
    auth: 'user',
    summary: 'Review rounds of the modelling batches',
    permission: ['dashboard-access'],
    tenant: ForCompany,
    query: Type.Object({ id_customer: CustomerId }),
    response: Type.Object({ success: Type.Literal(true), rounds_review: Type.Array(RoundReview) }),
  }),
} as const;
