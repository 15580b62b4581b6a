// Layer pictures for the render harness and bench, drawn once per process with @napi-rs/canvas:
// a product (beauty), its shadow and reflection as transparent PNGs, and a room picture (JPEG).
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

export interface Fixture {
  body: Buffer;
  type: string;
}

function layer(w: number, h: number, paint: (ctx: SKRSContext2D, w: number, h: number) => void, jpeg = false): Fixture {
  const c = createCanvas(w, h);
  paint(c.getContext('2d'), w, h);
  return jpeg ? { body: c.toBuffer('image/jpeg', 90), type: 'image/jpeg' } : { body: c.toBuffer('image/png'), type: 'image/png' };
}

const product = (ctx: SKRSContext2D, w: number, h: number) => {
  const g = ctx.createLinearGradient(0, h * 0.3, 0, h * 0.7);
  g.addColorStop(0, 'rgb(196,86,52)');
  g.addColorStop(1, 'rgb(92,140,190)');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.roundRect(w * 0.3, h * 0.32, w * 0.4, h * 0.36, h * 0.05);
  ctx.fill();
  ctx.fillStyle = 'rgba(250,230,120,0.9)';
  ctx.beginPath();
  ctx.ellipse(w * 0.5, h * 0.45, w * 0.1, h * 0.08, 0, 0, Math.PI * 2);
  ctx.fill();
};

function makeFixtures(w: number, h: number): Record<string, Fixture> {
  return {
    'beauty.png': layer(w, h, product),
    'shadow.png': layer(w, h, (ctx) => {
      const g = ctx.createRadialGradient(w * 0.5, h * 0.7, 0, w * 0.5, h * 0.7, w * 0.25);
      g.addColorStop(0, 'rgba(0,0,0,0.9)');
      g.addColorStop(1, 'rgba(0,0,0,0)');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
    }),
    'reflection.png': layer(w, h, (ctx) => {
      ctx.translate(0, h * 1.36);
      ctx.scale(1, -1);
      ctx.globalAlpha = 0.5;
      product(ctx, w, h);
    }),
    // A photo-like room: wall and floor gradients with grain, so encoders see realistic content.
    'room.jpg': layer(
      w,
      h,
      (ctx) => {
        const g = ctx.createLinearGradient(0, 0, 0, h);
        g.addColorStop(0, 'rgb(226,218,204)');
        g.addColorStop(0.62, 'rgb(200,190,172)');
        g.addColorStop(0.63, 'rgb(150,112,82)');
        g.addColorStop(1, 'rgb(110,80,58)');
        ctx.fillStyle = g;
        ctx.fillRect(0, 0, w, h);
        const img = ctx.getImageData(0, 0, w, h);
        let seed = 7;
        for (let i = 0; i < img.data.length; i += 4) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          const n = ((seed >> 16) % 13) - 6;
          img.data[i] = img.data[i]! + n;
          img.data[i + 1] = img.data[i + 1]! + n;
          img.data[i + 2] = img.data[i + 2]! + n;
        }
        ctx.putImageData(img, 0, 0);
      },
      true,
    ),
  };
}

const cache = new Map<string, Record<string, Fixture>>();

/** Fixtures at w×h (default 3840×2160), built once per process. */
export function fixtures(w = 3840, h = 2160): Record<string, Fixture> {
  const key = `${w}x${h}`;
  if (!cache.has(key)) cache.set(key, makeFixtures(w, h));
  return cache.get(key)!;
}
