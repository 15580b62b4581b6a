// What a review version's AR page (issue 42, a signed link: server/http/review-ar.ts) carries in its
// HTML for viewer.ts, instead of asking the API with a share key: the model's files through the link
// itself, and its words. Plain data, no DOM: the server writes it.
export const SIGNED_VIEWER_ID = 'signed-viewer';

export interface SignedViewer {
  name: string;
  /** The line under the name ("Version 2, shared for review"). */
  note: string;
  glb: string;
  usdz: string | null;
  poster: string | null;
}
