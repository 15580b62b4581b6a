// One recognisable front view per product kind, as SVG elements in a 600 x 600 box standing on the floor
// line y 520. The seed renders product pictures, layers and 360 views from these with sharp.

/** Darker (f < 1) or lighter (f > 1, towards white) version of a #rrggbb colour. */
export function shade(hex: string, f: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(f <= 1 ? v * f : v + (255 - v) * (f - 1)));
  return `#${ch.map((v) => Math.min(255, Math.max(0, v)).toString(16).padStart(2, '0')).join('')}`;
}

const WOOD = '#5b4332';
const METAL = '#8d9299';
const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;
const legs = (xs: number[], top: number, w: number, fill = WOOD) => xs.map((x) => rect(x, top, w, 520 - top, fill, 3)).join('');
const knob = (x: number, y: number) => `<circle cx="${x}" cy="${y}" r="6" fill="${METAL}"/>`;

export const DRAWINGS = {
  sofa: (c: string) => legs([112, 472], 460, 16) + rect(100, 250, 400, 130, shade(c, 0.8), 28) + rect(80, 360, 440, 110, c, 18)
    + rect(56, 320, 74, 150, shade(c, 0.9), 24) + rect(470, 320, 74, 150, shade(c, 0.9), 24)
    + rect(135, 342, 162, 44, shade(c, 1.15), 14) + rect(303, 342, 162, 44, shade(c, 1.15), 14),

  armchair: (c: string) => legs([190, 394], 470, 16) + rect(190, 170, 220, 220, shade(c, 0.8), 40) + rect(170, 370, 260, 104, c, 18)
    + rect(150, 300, 60, 174, shade(c, 0.9), 22) + rect(390, 300, 60, 174, shade(c, 0.9), 22) + rect(212, 352, 176, 40, shade(c, 1.15), 14),

  coffeeTable: (c: string) => legs([104, 480], 420, 16, shade(c, 0.7)) + rect(96, 474, 408, 12, shade(c, 0.8), 3)
    + rect(84, 396, 432, 26, c, 6) + rect(96, 422, 408, 10, shade(c, 0.75)),

  floorLamp: (c: string) => `<ellipse cx="300" cy="514" rx="72" ry="10" fill="${shade(c, 0.7)}"/>` + rect(294, 180, 12, 334, c)
    + `<polygon points="222,70 378,70 424,200 176,200" fill="#efe6d2"/><polygon points="222,70 378,70 384,86 216,86" fill="${shade('#efe6d2', 0.85)}"/>`
    + `<ellipse cx="300" cy="202" rx="124" ry="10" fill="#fff3c4" opacity=".9"/>`,

  vase: (c: string) => `<path d="M262 150 h76 v30 q86 70 64 250 q-14 90 -102 90 q-88 0 -102 -90 q-22 -180 64 -250z" fill="${c}"/>`
    + `<path d="M282 210 q-40 90 -28 230" stroke="#fff" stroke-opacity=".35" stroke-width="14" fill="none" stroke-linecap="round"/>`
    + `<path d="M300 150 q-30 -70 -80 -96 M300 150 q10 -80 50 -120 M300 150 q40 -50 96 -60" stroke="#4f6b3a" stroke-width="6" fill="none"/>`
    + `<circle cx="220" cy="54" r="14" fill="#e9c46a"/><circle cx="350" cy="30" r="12" fill="#f4a261"/><circle cx="396" cy="90" r="13" fill="#e76f51"/>`,

  bed: (c: string) => legs([92, 494], 480, 14) + rect(96, 230, 408, 250, shade(c, 0.75), 22) + rect(76, 380, 448, 60, '#f3efe9', 10)
    + `<ellipse cx="205" cy="380" rx="82" ry="26" fill="#fbfaf7"/><ellipse cx="395" cy="380" rx="82" ry="26" fill="#fbfaf7"/>`
    + rect(70, 404, 460, 84, c, 12) + rect(70, 404, 460, 18, shade(c, 1.2), 8),

  nightstand: (c: string) => legs([216, 372], 494, 12) + rect(206, 326, 188, 170, c, 6) + rect(198, 314, 204, 16, shade(c, 0.8), 4)
    + rect(220, 344, 160, 62, shade(c, 1.08), 4) + rect(220, 420, 160, 62, shade(c, 1.08), 4) + knob(300, 375) + knob(300, 451),

  diningChair: (c: string) => rect(222, 150, 16, 370, c, 4) + rect(362, 150, 16, 370, c, 4) + rect(222, 150, 156, 26, c, 6)
    + [260, 292, 324].map((x) => rect(x, 176, 14, 196, shade(c, 0.85), 3)).join('') + rect(196, 372, 208, 30, shade(c, 1.1), 6)
    + legs([206, 378], 402, 16, shade(c, 0.9)),

  pendant: (c: string) => rect(270, 0, 60, 12, shade(c, 0.7), 3) + rect(298, 12, 4, 200, '#333')
    + `<path d="M170 330 Q170 210 300 204 Q430 210 430 330 Z" fill="${c}"/>` + rect(168, 324, 264, 12, shade(c, 0.75), 6)
    + `<ellipse cx="300" cy="346" rx="30" ry="22" fill="#fff3c4"/>`,

  rug: (c: string) => `<polygon points="120,420 480,420 566,512 34,512" fill="${c}"/>`
    + `<polygon points="146,430 454,430 526,502 74,502" fill="none" stroke="${shade(c, 1.35)}" stroke-width="8"/>`
    + `<polygon points="300,440 390,466 300,492 210,466" fill="${shade(c, 0.7)}"/>`
    + Array.from({ length: 14 }, (_, i) => `<line x1="${38 + i * 38}" y1="512" x2="${34 + i * 38}" y2="520" stroke="${shade(c, 1.4)}" stroke-width="3"/>`).join(''),

  mirror: (c: string) => `<path d="M214 500 V190 a86 86 0 0 1 172 0 V500 Z" fill="${c}"/>`
    + `<path d="M232 486 V192 a68 68 0 0 1 136 0 V486 Z" fill="#cfe0e8"/>`
    + `<path d="M262 250 l60 -60 M262 300 l90 -90" stroke="#fff" stroke-opacity=".7" stroke-width="8" stroke-linecap="round"/>`
    + rect(226, 500, 18, 20, shade(c, 0.7)) + rect(356, 500, 18, 20, shade(c, 0.7)),

  sideboard: (c: string) => legs([88, 496], 470, 16) + rect(60, 322, 480, 16, shade(c, 0.8), 4) + rect(70, 338, 460, 134, c, 3)
    + [70, 185, 300, 415].map((x) => rect(x + 4, 344, 107, 122, shade(c, 1.08), 3)).join('')
    + [170, 200, 400, 430].map((x) => knob(x, 405)).join(''),

  tvStand: (c: string) => legs([80, 506], 490, 14, '#2b2b2b') + rect(60, 404, 480, 14, shade(c, 0.8), 4) + rect(66, 418, 468, 72, c, 3)
    + rect(76, 426, 140, 56, '#1e1e1e', 3) + rect(384, 426, 140, 56, '#1e1e1e', 3) + rect(226, 426, 148, 56, shade(c, 1.1), 3) + knob(300, 454)
    + rect(150, 250, 300, 150, '#202020', 6) + rect(160, 260, 280, 130, '#3b4a5a', 3) + rect(280, 400, 40, 6, '#202020'),

  dresser: (c: string) => legs([184, 404], 492, 12) + rect(166, 196, 268, 16, shade(c, 0.8), 4) + rect(174, 212, 252, 282, c, 3)
    + [220, 288, 356, 424].map((y) => rect(184, y, 232, 60, shade(c, 1.06), 3) + knob(260, y + 30) + knob(340, y + 30)).join(''),

  diningTable: (c: string) => rect(86, 352, 24, 168, shade(c, 0.8), 3) + rect(490, 352, 24, 168, shade(c, 0.8), 3)
    + rect(104, 440, 392, 14, shade(c, 0.75), 3) + rect(56, 326, 488, 28, c, 6),

  tableLamp: (c: string) => `<ellipse cx="300" cy="512" rx="64" ry="9" fill="${shade(c, 0.7)}"/>`
    + `<path d="M300 360 q76 10 62 90 q-8 58 -62 62 q-54 -4 -62 -62 q-14 -80 62 -90z" fill="${c}"/>` + rect(294, 320, 12, 44, '#8a7f70')
    + `<polygon points="226,210 374,210 412,324 188,324" fill="#f3ead8"/>`,
} satisfies Record<string, (c: string) => string>;

export type Drawing = keyof typeof DRAWINGS;

/** Half of each drawing's width at the floor, in px. */
export const FOOTPRINTS: Record<Drawing, number> = {
  sofa: 240, armchair: 150, coffeeTable: 220, floorLamp: 80, vase: 105, bed: 230, nightstand: 100, diningChair: 105,
  pendant: 130, rug: 270, mirror: 90, sideboard: 240, tvStand: 240, dresser: 135, diningTable: 245, tableLamp: 70,
};
