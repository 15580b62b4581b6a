// The bench's baseline (never shipped): a spin that loads every frame in index order, 6 at a time,
// shows frame 0 when it arrives, and allows dragging only once the last frame is in (as CI360 does).
// Same frames, same srcset and sizes, same drag rule and class names as the real player.
export const BASELINE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline spin</title>
<style>html,body{height:100%;margin:0}.spin-stage{position:absolute;inset:0;touch-action:pan-y}.spin-img{width:100%;height:100%;object-fit:contain;pointer-events:none}</style></head>
<body><div class="spin-stage"><img class="spin-img" alt=""></div>
<script type="module">
const q = new URLSearchParams(location.search);
const spin = await (await fetch('/backend/public/360?' + q)).json();
const frames = spin.frames.sort((a, b) => a.index - b.index).map((f) => {
  const ws = Object.entries(f.jpeg).map(([w, u]) => [Number(w), u]).sort((a, b) => a[0] - b[0]);
  return { src: ws[0][1], srcset: ws.map(([w, u]) => u + ' ' + w + 'w').join(', ') };
});
const n = frames.length, img = document.querySelector('.spin-img'), stage = document.querySelector('.spin-stage');
const show = (i) => { img.sizes = '100vw'; img.srcset = frames[i].srcset; img.src = frames[i].src; };
let left = n, next = 0, index = 0, anchor;
const fetchOne = () => {
  const i = next++;
  if (i >= n) return;
  const im = new Image();
  im.onload = im.onerror = () => { if (i === 0) show(0); if (--left === 0) ready(); fetchOne(); };
  im.sizes = '100vw'; im.srcset = frames[i].srcset; im.src = frames[i].src;
};
for (let k = 0; k < 6; k++) fetchOne();
function ready() {
  stage.addEventListener('pointerdown', (e) => { anchor = e.clientX; });
  stage.addEventListener('pointermove', (e) => {
    if (anchor === undefined) return;
    const dx = e.clientX - anchor;
    if (Math.abs(dx) < 3) return;
    const step = Math.max(-10, Math.min(10, Math.trunc(dx / 2)));
    anchor = e.clientX;
    index = (((index + step) % n) + n) % n;
    show(index);
  });
  addEventListener('pointerup', () => { anchor = undefined; });
}
</script></body></html>
`;
