// The permission catalogue as people read it, and a company's roles over the whole of it.
import { SLUGS, type Slug } from '../../src/api/contract/slugs.ts';
import type { Db } from '../db/index.ts';

interface SlugInfo {
  section: string;
  name: string;
  description: string;
}

const pair = (section: string, what: string, read: string, edit: string): [SlugInfo, SlugInfo] => [
  { section, name: `See ${what}`, description: read },
  { section, name: `Edit ${what}`, description: edit },
];

const [infoR, infoE] = pair(
  'Product information',
  'product information',
  'Open products and see their name, SKU, dimensions, categories, tags, notes and files.',
  'Change product information, tags, categories, notes and files, and delete products.',
);
const [vigR, vigE] = pair(
  'Vignette',
  'vignette images',
  'See the room-scene (vignette) images and presets of a product, and download them.',
  'Create, change and delete vignette presets, upload vignette images and order retailer downloads (Send to email).',
);
const [siloR, siloE] = pair(
  'Silo',
  'silo images',
  'See the studio (silo) images and presets of a product, and download them.',
  'Create, change and delete silo presets, upload silo images and order retailer downloads (Send to email).',
);
const [spinR, spinE] = pair(
  '360',
  '360 views',
  'See the turntable (360) views and presets of a product, and copy their embed code.',
  'Create, change and delete 360 presets, upload 360 photo sets and order retailer downloads (Send to email).',
);
const [videoR, videoE] = pair('Video', 'videos', "Watch a product's videos.", 'Upload videos for a product.');
const [viewerR, viewerE] = pair(
  '3D viewer',
  'the 3D viewer',
  "See a product's 3D viewer and copy its embed code.",
  "Upload the 3D viewer's preview picture.",
);
const [filesR, filesE] = pair('3D files', '3D files', "Download a product's 3D files.", 'Upload 3D files for a product.');

/** Every slug of slugs.ts, in words a manager understands. */
export const SLUG_INFO: Record<Slug, SlugInfo> = {
  'dashboard-access': {
    section: 'Dashboard',
    name: 'See the dashboard',
    description: 'See review rounds, task counts, service progress and the newest products.',
  },
  'reader-info-access': infoR,
  'editor-info-access': infoE,
  'reader-vignette-access': vigR,
  'editor-vignette-access': vigE,
  'reader-silo-access': siloR,
  'editor-silo-access': siloE,
  'reader-360-access': spinR,
  'editor-360-access': spinE,
  'reader-video-access': videoR,
  'editor-video-access': videoE,
  'reader-3d-viewer-access': viewerR,
  'editor-3d-viewer-access': viewerE,
  'reader-3d-files-access': filesR,
  'editor-3d-files-access': filesE,
  'reader-template-access': {
    section: 'Templates',
    name: 'Browse templates',
    description: "Browse the studio's room-scene templates in the catalogue.",
  },
  'delete-template-access': {
    section: 'Templates',
    name: 'Delete templates',
    description: "Delete the company's own private templates.",
  },
  'register-products': {
    section: 'Products and services',
    name: 'Register products',
    description: "Add new products to the company's catalogue.",
  },
  'send-products-for-automation': {
    section: 'Products and services',
    name: 'Send products for automation',
    description: 'Turn on automatic image generation for products and ask the studio for tailor-made work.',
  },
  'approve-services': {
    section: 'Products and services',
    name: 'Approve review rounds',
    description: "Approve the studio's work in review rounds (Go to Review on the dashboard).",
  },
  'manage-users': {
    section: 'Administration',
    name: 'Manage users',
    description: 'Invite people, change their role, disable, enable and delete their accounts.',
  },
  'manage-roles': {
    section: 'Administration',
    name: 'Manage roles',
    description: 'Create, rename and delete roles, choose their permissions, and see the list of users.',
  },
};

export const isSlug = (s: string): s is Slug => (SLUGS as readonly string[]).includes(s);

export interface RoleRow {
  id: number;
  name: string;
  position: number;
  slugs: Slug[];
  users: number;
}

const ROLE_SQL = `SELECT r.id, r.name, r.position,
    coalesce(array_agg(rp.slug ORDER BY rp.slug) FILTER (WHERE rp.slug IS NOT NULL), '{}') AS slugs,
    (SELECT count(*)::int FROM memberships m WHERE m.role_id = r.id) AS users
  FROM roles r LEFT JOIN role_privileges rp ON rp.role_id = r.id`;

/** The company's roles, the full-permission one (position 0) first. */
export async function rolesOf(db: Db, customerId: number): Promise<RoleRow[]> {
  return db.query<RoleRow>(`${ROLE_SQL} WHERE r.customer_id = $1 GROUP BY r.id ORDER BY r.position, r.id`, [customerId]);
}

export async function roleById(db: Db, roleId: number): Promise<RoleRow | undefined> {
  return db.one<RoleRow>(`${ROLE_SQL} WHERE r.id = $1 GROUP BY r.id`, [roleId]);
}

/** The role as the screen shows it: every slug of the catalogue, held or not. */
export async function describeRoles(db: Db, rows: RoleRow[]) {
  const ids = new Map(
    (await db.query<{ id: number; slug: string }>('SELECT id, slug FROM privileges')).map((p) => [p.slug, p.id]),
  );
  return rows.map((r) => {
    const held = new Set(r.slugs);
    return {
      id: r.id,
      name: r.name,
      locked: r.position === 0,
      users: r.users,
      privileges: SLUGS.map((slug, i) => ({
        id: ids.get(slug) ?? i + 1,
        slug,
        permited: held.has(slug),
        ...SLUG_INFO[slug],
      })),
    };
  });
}
