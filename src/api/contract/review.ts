// Review rounds (issue 42): our extension of the contract, which the specs' clients can do without.
// A round (a dashboard round card) holds models; a model is a product of the round's company; a model
// has versions the studio delivers (a .glb, optionally a .usdz, renders), each with its model report.
import { Type } from '@sinclair/typebox';
import { CustomerId, Id, endpoint } from './define.ts';
import { INFO_READ } from './slugs.ts';

const Path = Type.String({ description: 'A stored path (/storage/…)' });

/** What the report job read from a delivered .glb (server/review/report.ts). */
export const ModelReport = Type.Object({
  triangles: Type.Integer({ description: 'Counted per node instance' }),
  vertices: Type.Integer(),
  meshes: Type.Integer(),
  materials: Type.Integer(),
  textures: Type.Array(
    Type.Object({
      name: Type.String(),
      mime: Type.String(),
      width: Type.Union([Type.Integer(), Type.Null()]),
      height: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  file_bytes: Type.Integer(),
  /** The bounding box's size in metres: X, Y (up), Z. */
  size: Type.Tuple([Type.Number(), Type.Number(), Type.Number()]),
  extensions: Type.Array(Type.String(), { description: 'The glTF extensions the file uses (Draco, meshopt, KTX2…)' }),
});

export const ReviewVersion = Type.Object({
  id: Type.Integer(),
  number: Type.Integer({ description: 'Version 1, 2, … of the model' }),
  round_number: Type.Integer({ description: 'The round it was delivered in' }),
  glb: Path,
  usdz: Type.Union([Path, Type.Null()]),
  poster: Type.Union([Path, Type.Null()]),
  renders: Type.Array(Path),
  delivered_at: Type.String(),
  report: Type.Union([ModelReport, Type.Null()], { description: 'null while the report job has not run' }),
  report_error: Type.Union([Type.String(), Type.Null()]),
  decision: Type.Union([Type.Literal('approved'), Type.Literal('changes_requested'), Type.Null()]),
});

export const ReviewModel = Type.Object({
  id: Type.Integer(),
  product: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    sku: Type.String(),
    image: Type.Union([Path, Type.Null()]),
    height: Type.String(),
    width: Type.String(),
    depth: Type.String(),
    measure: Type.String(),
    /** The customer's own pictures of the product (its images and section uploads). */
    photos: Type.Array(Path),
  }),
  state: Type.Union([Type.Literal('waiting'), Type.Literal('review'), Type.Literal('changes'), Type.Literal('approved')]),
  open_pins: Type.Integer(),
  change_requests: Type.Integer({ description: 'Change requests made so far (the terms grant 3 free)' }),
  versions: Type.Array(ReviewVersion, { description: 'Oldest first' }),
});

export const ReviewRound = Type.Object({
  id: Type.Integer(),
  id_customer: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  round_current: Type.Integer(),
  status_service: Type.Integer({ minimum: 0, maximum: 6 }),
  start_date: Type.Union([Type.String(), Type.Null()]),
  end_date: Type.Union([Type.String(), Type.Null()]),
});

export const review = {
  round: endpoint({
    method: 'GET',
    path: '/gets/review/round',
    auth: 'user',
    summary: "A review round: its models, each model's versions with their reports and decisions",
    // Whoever sees the dashboard's rounds and may read product information (issue 42).
    permission: INFO_READ,
    alsoRequires: ['dashboard-access'],
    tenant: { customer: { in: 'query', field: 'id_customer' }, entity: { kind: 'reviewRound', in: 'query', field: 'id_round' } },
    query: Type.Object({ id_customer: CustomerId, id_round: Id }),
    response: Type.Object({ success: Type.Literal(true), round: ReviewRound, models: Type.Array(ReviewModel) }),
  }),
} as const;
