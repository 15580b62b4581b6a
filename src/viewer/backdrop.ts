// The backdrop of a public page's picture (issue 43): the colour at the top edges of a poster or a
// spin's first frame, so the bands beside a picture of another shape, and the model that replaces the
// poster, stand on the picture's own ground instead of a grey of ours. Same-origin pictures only
// (a tainted canvas throws: the page keeps its default ground).

/** The top corners' colour as rgb(), or undefined when it cannot be read or they differ a lot. */
export function edgeColour(img: HTMLImageElement): string | undefined {
  if (!img.naturalWidth || !img.naturalHeight) return undefined;
  try {
    const size = 16;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return undefined;
    ctx.drawImage(img, 0, 0, size, size);
    const at = (x: number) => ctx.getImageData(x, 0, 1, 1).data;
    const [a, b] = [at(0), at(size - 1)];
    // A transparent corner (a cut-out product) has no ground of its own.
    if (a[3]! < 250 || b[3]! < 250) return undefined;
    if (Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!) > 24) return undefined;
    const mid = (i: number) => Math.round((a[i]! + b[i]!) / 2);
    return `rgb(${mid(0)} ${mid(1)} ${mid(2)})`;
  } catch {
    return undefined;
  }
}

/** Sets `property` on `target` to the picture's ground once it has loaded. */
export function takeBackdrop(img: HTMLImageElement, target: HTMLElement, property: string): void {
  const apply = () => {
    const c = edgeColour(img);
    if (c) target.style.setProperty(property, c);
  };
  if (img.complete && img.naturalWidth) apply();
  else img.addEventListener('load', apply, { once: true });
}
