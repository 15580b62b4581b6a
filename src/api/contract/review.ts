// Review rounds (issue 42): our extension of the contract, which the specs' clients can do without.
// A round (a dashboard round card) holds models; a model is a product of the round's company; a model
// has versions the studio delivers (a .glb, optionally a .usdz, renders), each with its model report.
import { Type } from '@sinclair/typebox';
import { CustomerId, Id, Int, Num, endpoint } from './define.ts';
import { AR_LINK_MINUTES, DECISIONS, PIN_STATES, PIN_TARGETS, reviewTextRules } from './rules/review.ts';
import { choice } from './rules/check.ts';
import { schemaOf } from './rules/schema.ts';
import { INFO_READ, type Slug } from './slugs.ts';

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

const Nullable = <T extends import('@sinclair/typebox').TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const ReviewReply = Type.Object({
  id: Type.Integer(),
  body: Type.String(),
  author: Type.String(),
  created_at: Type.String(),
});

/**
 * A pin: on the model, a point of its surface and the surface's normal there (model-viewer's hotspot,
 * in the model's own metres, so it stays on the surface as the model turns and zooms); on a render,
 * the point as fractions of the image's width and height. Each pin is a thread of replies.
 */
export const ReviewPin = Type.Object({
  id: Type.Integer(),
  number: Type.Integer({ description: 'Pin 1, 2, … of the version' }),
  target: Type.Union(PIN_TARGETS.map((t) => Type.Literal(t))),
  render_index: Nullable(Type.Integer()),
  position: Type.Array(Type.Number()),
  normal: Nullable(Type.Array(Type.Number())),
  body: Type.String(),
  state: Type.Union(PIN_STATES.map((t) => Type.Literal(t))),
  author: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  replies: Type.Array(ReviewReply),
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
  decision_note: Type.String(),
  decided_by: Nullable(Type.String()),
  decided_at: Nullable(Type.String()),
  pins: Type.Array(ReviewPin, { description: 'In number order' }),
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

/** Pins, replies and decisions: approve-services, besides seeing the dashboard's rounds (issue 42). */
const APPROVE: readonly Slug[] = ['approve-services'];
const inRound = {
  customer: { in: 'body', field: 'id_customer' },
  entity: { kind: 'reviewRound', in: 'body', field: 'id_round' },
} as const;
const RoundRef = { id_customer: CustomerId, id_round: Id };
const Done = <P extends import('@sinclair/typebox').TProperties>(p: P) =>
  Type.Object({ success: Type.Literal(true), message: Type.String(), ...p });

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
  arLink: endpoint({
    method: 'POST',
    path: '/posts/review/version/ar-link',
    auth: 'user',
    summary: `A version's model on a public AR page through a signed link that works for ${AR_LINK_MINUTES} minutes (AR and the QR hand-off to a phone); it names that version alone, no share key and no token`,
    // Whoever may open the round may see its models in AR (the read's permission): nothing is written.
    permission: INFO_READ,
    alsoRequires: ['dashboard-access'],
    tenant: inRound,
    body: Type.Object({ ...RoundRef, id_version: Id }),
    response: Type.Object({
      success: Type.Literal(true),
      url: Type.String({ description: 'The signed AR page (absolute): /viewer/review/<version>.<expiry>.<signature>/' }),
      expires_at: Type.String({ description: 'ISO 8601: when the link and its files stop answering' }),
    }),
  }),
  pinStore: endpoint({
    method: 'POST',
    path: '/posts/review/pin/store',
    auth: 'user',
    summary: 'Drop a numbered pin with a comment on a version: a point of the model (position and normal) or of a render',
    permission: APPROVE,
    alsoRequires: ['dashboard-access'],
    tenant: inRound,
    body: Type.Object({
      ...RoundRef,
      id_version: Id,
      target: schemaOf(choice(PIN_TARGETS)),
      render_index: Type.Optional(Type.Union([Int(0, 49), Type.Null()])),
      position: Type.Array(Num({ minimum: -1e6, maximum: 1e6 }), { minItems: 2, maxItems: 3 }),
      normal: Type.Optional(
        Type.Union([Type.Array(Num({ minimum: -1, maximum: 1 }), { minItems: 3, maxItems: 3 }), Type.Null()]),
      ),
      body: schemaOf(reviewTextRules.comment),
    }),
    response: Done({ pin: ReviewPin }),
  }),
  replyStore: endpoint({
    method: 'POST',
    path: '/posts/review/pin/reply',
    auth: 'user',
    summary: "Reply to a pin's thread (the studio's staff too)",
    permission: APPROVE,
    alsoRequires: ['dashboard-access'],
    tenant: inRound,
    body: Type.Object({ ...RoundRef, id_pin: Id, body: schemaOf(reviewTextRules.reply) }),
    response: Done({ id_pin: Type.Integer(), reply: ReviewReply }),
  }),
  pinState: endpoint({
    method: 'PUT',
    path: '/puts/review/pin/state',
    auth: 'user',
    summary: 'Resolve a pin, or open it again',
    permission: APPROVE,
    alsoRequires: ['dashboard-access'],
    tenant: inRound,
    body: Type.Object({ ...RoundRef, id_pin: Id, state: schemaOf(choice(PIN_STATES)) }),
    response: Done({ pin: ReviewPin }),
  }),
  decide: endpoint({
    method: 'POST',
    path: '/posts/review/decision',
    auth: 'user',
    summary:
      'Approve a version, or request changes (an open pin or a note needed); 409 version_superseded when the studio has delivered a newer one',
    permission: APPROVE,
    alsoRequires: ['dashboard-access'],
    tenant: inRound,
    body: Type.Object({
      ...RoundRef,
      id_version: Id,
      decision: schemaOf(choice(DECISIONS)),
      note: Type.Optional(schemaOf(reviewTextRules.note)),
    }),
    response: Done({
      id_version: Type.Integer(),
      decision: Type.Union(DECISIONS.map((d) => Type.Literal(d))),
      change_requests: Type.Integer({ description: "The model's change requests with this one" }),
      status_service: Type.Integer({ description: "The round's status after the decision" }),
    }),
  }),
  deliver: endpoint({
    method: 'POST',
    path: '/posts/review/version/store',
    auth: 'staff',
    summary:
      "The studio delivers a model's next version (multipart: file_glb; optionally file_usdz, a poster and up to 3 renders); its report is read by a job",
    tenant: { customer: { in: 'body', field: 'id_customer' }, entity: { kind: 'reviewRound', in: 'body', field: 'id_round' } },
    body: Type.Object({ ...RoundRef, id_model: Id }),
    files: {
      file_glb: { kind: 'glb', required: true },
      file_usdz: { kind: 'usdz', required: false },
      file_poster: { kind: 'image', required: false },
      render_1: { kind: 'image', required: false },
      render_2: { kind: 'image', required: false },
      render_3: { kind: 'image', required: false },
    },
    response: Done({ version: ReviewVersion }),
  }),
  roundStatus: endpoint({
    method: 'PUT',
    path: '/puts/review/round/status',
    auth: 'staff',
    summary:
      "Set a round's status (0-6, docs/decisions.md); 2 (needs approval) e-mails the company's enabled users who may approve, once per change",
    tenant: inRound,
    body: Type.Object({ ...RoundRef, status_service: Int(0, 6) }),
    response: Done({ status_service: Type.Integer(), mailed: Type.Integer({ description: 'How many were e-mailed' }) }),
  }),
} as const;
