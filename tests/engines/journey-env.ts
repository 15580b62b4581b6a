// What every core journey is given (journeys.ts makes it; journeys-device.ts and journeys-imagery.ts use it).
import type { TestServer } from '../support/server.ts';
import type { Engine, EnginePage } from './engine.ts';
import type { Gate } from './gate.ts';

/** The 360 embed's query (journeys-imagery.ts's frameSetQuery). */
export type FrameSetQuery = {
  id_product: number;
  id_customization: number;
  frames: number;
  key: string;
};

export interface JourneyEnv {
  s: TestServer;
  gate: Gate;
  engine: Engine;
  /** The portal's address through the gate. */
  base: string;
  productId(sku: string): Promise<number>;
  /** The 360 embed's query, its frame set asked for at the start (the server renders it meanwhile). */
  frameSet: Promise<FrameSetQuery>;
  shot(p: EnginePage, name: string): Promise<void>;
}
