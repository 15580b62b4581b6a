// The user-management screen's pure rules (document 3 §4, §5, §6; issue 13).
import { describe, expect, it } from 'vitest';
import { SLUGS } from '../../src/api/contract/slugs.ts';
import { describeAudit, actorName } from '../../src/features/users/audit-text.ts';
import {
  cannotActOn,
  filterPeople,
  groupPermissions,
  inviteErrors,
  permissionChanges,
  roleLabel,
  roleLockReason,
  roleNameError,
  statusText,
  type PersonLike,
  type RoleLike,
} from '../../src/features/users/rules.ts';
import { SLUG_INFO } from '../../server/domain/users-privileges.ts';

const catalogue = (held: readonly string[] = []) =>
  SLUGS.map((slug) => ({ slug, permited: held.includes(slug), ...SLUG_INFO[slug] }));
const role = (id: number, name: string, held: readonly string[], locked = false): RoleLike => ({
  id,
  name,
  locked,
  users: 1,
  privileges: catalogue(held),
});
const person = (id: number, name: string, status: PersonLike['status'], roleRef: RoleLike, expired = false): PersonLike => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@acme.test`,
  status,
  role: { id: roleRef.id, name: roleRef.name },
  invitation: status === 'invited' ? { expired } : null,
});

const admin = role(1, 'Administrator', SLUGS, true);
const viewer = role(2, 'Viewer', ['reader-info-access', 'reader-silo-access']);
const users = role(3, 'People manager', ['manage-users', 'reader-info-access']);
const people = [
  person(10, 'Alice Manager', 'active', admin),
  person(11, 'Victor Viewer', 'active', viewer),
  person(12, 'Ines Invited', 'invited', viewer, true),
  person(13, 'Dora Disabled', 'disabled', users),
];

describe('people list', () => {
  it('searches name or e-mail in any case, and filters by role and status', () => {
    const all = { text: '', roleId: 'all' as const, status: 'all' as const };
    expect(filterPeople(people, { ...all, text: 'VIC' }).map((p) => p.id)).toEqual([11]);
    expect(filterPeople(people, { ...all, text: 'dora@' }).map((p) => p.id)).toEqual([13]);
    expect(filterPeople(people, { ...all, roleId: 2 }).map((p) => p.id)).toEqual([11, 12]);
    expect(filterPeople(people, { ...all, roleId: 2, status: 'invited' }).map((p) => p.id)).toEqual([12]);
    expect(filterPeople(people, { ...all, text: '  ' })).toHaveLength(4);
    expect(filterPeople(people, { ...all, text: 'nobody' })).toEqual([]);
  });

  it('says when an invitation has expired', () => {
    expect(people.map(statusText)).toEqual(['Active', 'Active', 'Invitation expired', 'Disabled']);
    expect(statusText({ status: 'invited', invitation: { expired: false } })).toBe('Invited');
  });

  it('offers no edit controls on yourself or on someone holding a permission you lack', () => {
    const all = new Set<string>(SLUGS);
    expect(cannotActOn(10, all, people[0]!, [admin, viewer, users])).toBe('You cannot change your own role or status.');
    expect(cannotActOn(10, all, people[1]!, [admin, viewer, users])).toBeNull();
    const lesser = new Set(['manage-users', 'reader-info-access']);
    expect(cannotActOn(13, lesser, people[0]!, [admin, viewer, users])).toBe('This person holds permissions you do not hold.');
    expect(cannotActOn(13, lesser, people[1]!, [admin, viewer, users])).toBe('This person holds permissions you do not hold.'); // reader-silo-access
    expect(cannotActOn(99, lesser, people[3]!, [admin, viewer, users])).toBeNull();
  });
});

describe('Register User (§5: email, name, role and company)', () => {
  it('needs all four, and an email that looks like one', () => {
    expect(inviteErrors({ email: '', name: ' ', roleId: null, companyId: null })).toEqual({
      email: 'The email field is required.',
      name: 'The name field is required.',
      role: 'Choose a role.',
      company: 'Choose a company.',
    });
    expect(inviteErrors({ email: 'ann@', name: 'Ann', roleId: 2, companyId: 1 })).toEqual({
      email: 'Please enter a valid email',
    });
    expect(inviteErrors({ email: ' ann@example.test ', name: 'Ann', roleId: 2, companyId: 1 })).toEqual({});
    expect(inviteErrors({ email: 'ann@example.test', name: 'x'.repeat(101), roleId: 2, companyId: 1 }).name).toBe(
      'The name field must not be greater than 100 characters.',
    );
  });
});

describe('roles', () => {
  it("a new role starts as 'Role Name*', which is not a name", () => {
    expect(roleLabel('')).toBe('Role Name*');
    expect(roleLabel('  Buyers ')).toBe('Buyers');
    expect(roleNameError('', -1, [admin, viewer])).toBe('Give the role a name.');
    expect(roleNameError('Role Name*', -1, [admin, viewer])).toBe('Give the role a name.');
    expect(roleNameError(' viewer ', -1, [admin, viewer])).toBe('A role with this name already exists.');
    expect(roleNameError('Viewer', 2, [admin, viewer])).toBeNull(); // its own name
    expect(roleNameError('x'.repeat(101), -1, [])).toBe('The role name field must not be greater than 100 characters.');
    expect(roleNameError('Buyers', -1, [admin, viewer])).toBeNull();
  });

  it('sends only the permissions that changed', () => {
    const draft = new Map([
      ['reader-info-access', true],
      ['reader-silo-access', false],
      ['editor-silo-access', false],
      ['manage-roles', true],
    ]);
    expect(permissionChanges(viewer.privileges, draft)).toEqual({ 'reader-silo-access': false, 'manage-roles': true });
    expect(permissionChanges(viewer.privileges, new Map())).toEqual({});
  });

  it('groups the matrix by section, See and Edit side by side', () => {
    const groups = groupPermissions(catalogue());
    expect(groups.map((g) => [g.section, g.kind, g.items.map((p) => p.slug)])).toEqual([
      ['Dashboard', 'list', ['dashboard-access']],
      ['Product information', 'pair', ['reader-info-access', 'editor-info-access']],
      ['Vignette', 'pair', ['reader-vignette-access', 'editor-vignette-access']],
      ['Silo', 'pair', ['reader-silo-access', 'editor-silo-access']],
      ['360', 'pair', ['reader-360-access', 'editor-360-access']],
      ['Video', 'pair', ['reader-video-access', 'editor-video-access']],
      ['3D viewer', 'pair', ['reader-3d-viewer-access', 'editor-3d-viewer-access']],
      ['3D files', 'pair', ['reader-3d-files-access', 'editor-3d-files-access']],
      ['Templates', 'list', ['reader-template-access', 'delete-template-access']],
      ['Products and services', 'list', ['register-products', 'send-products-for-automation', 'approve-services']],
      ['Administration', 'list', ['manage-users', 'manage-roles']],
    ]);
    // Every slug once, each with words a person understands.
    expect(
      groups
        .flatMap((g) => g.items)
        .map((p) => p.slug)
        .sort(),
    ).toEqual([...SLUGS].sort());
    for (const p of groups.flatMap((g) => g.items)) expect(p.description.length).toBeGreaterThan(10);
    // A reader given after its editor is still shown first.
    const swapped = groupPermissions([catalogue()[2]!, catalogue()[1]!]);
    expect(swapped[0]!.items.map((p) => p.slug)).toEqual(['reader-info-access', 'editor-info-access']);
  });

  it('the first role is locked; a role beyond your permissions is not yours to change', () => {
    expect(roleLockReason(admin, new Set(SLUGS))).toMatch(/first role holds every permission/);
    expect(roleLockReason(viewer, new Set(['reader-info-access']))).toMatch(/permissions you do not hold/);
    expect(roleLockReason(viewer, new Set(SLUGS))).toBeNull();
  });
});

describe('audit log in words', () => {
  type Target = { type: 'user' | 'role' | 'review_pin' | 'review_version' | 'review_round'; name: string; removed: boolean };
  const entry = (
    action: string,
    before: unknown,
    after: unknown,
    target: Target = { type: 'user', name: 'Ann Lee', removed: false },
  ) => ({
    action,
    actor: { name: 'Alice Manager', removed: false },
    target,
    before,
    after,
  });
  it('says who did what to whom with the recorded names', () => {
    expect(describeAudit(entry('user.invite', null, { role: { id: 2, name: 'Viewer' } }))).toBe('invited Ann Lee as Viewer');
    expect(
      describeAudit(entry('user.role', { role: { id: 2, name: 'Viewer' } }, { role: { id: 1, name: 'Administrator' } })),
    ).toBe('changed the role of Ann Lee from Viewer to Administrator');
    expect(
      describeAudit(entry('user.delete', null, { account_closed: true }, { type: 'user', name: 'Ann Lee', removed: true })),
    ).toBe('deleted the account of Ann Lee (Removed user)');
    expect(describeAudit(entry('user.delete', null, { account_closed: false }))).toBe('removed Ann Lee from the company');
    const role = { type: 'role' as const, name: 'Buyers', removed: false };
    expect(describeAudit(entry('role.rename', { name: 'Buyer' }, { name: 'Buyers' }, role))).toBe(
      'renamed the role Buyer to Buyers',
    );
    expect(
      describeAudit(
        entry('role.permissions', null, { granted: ['reader-info-access'], revoked: ['manage-roles'] }, role),
        (s) => SLUG_INFO[s as 'manage-roles'].name,
      ),
    ).toBe('changed the permissions of Buyers: gave See product information; took away Manage roles');
    expect(actorName({ actor: { name: 'Bob', removed: true } })).toBe('Bob (Removed user)');
  });
  it('says what was done on a review round (issue 42)', () => {
    const pin = { type: 'review_pin' as const, name: 'Pin 2 on Sofa, version 1', removed: false };
    const version = { type: 'review_version' as const, name: 'Sofa, version 1', removed: false };
    const round = { type: 'review_round' as const, name: 'Batch C', removed: false };
    expect(describeAudit(entry('review.pin', null, {}, pin))).toBe('added Pin 2 on Sofa, version 1');
    expect(describeAudit(entry('review.pin_state', { state: 'open' }, { state: 'resolved' }, pin))).toBe(
      'resolved Pin 2 on Sofa, version 1',
    );
    expect(describeAudit(entry('review.decision', null, { decision: 'changes_requested' }, version))).toBe(
      'requested changes to Sofa, version 1',
    );
    expect(describeAudit(entry('review.round_status', { status_service: 1 }, { status_service: 2 }, round))).toBe(
      'set the status of Batch C to Needs approval',
    );
  });
});

describe('a phone number (issue 43: "abc" was taken)', () => {
  it('takes digits with the usual marks, refuses letters and too few digits, in the server’s words', async () => {
    const { accountRules } = await import('../../src/api/contract/rules/user.ts');
    const { tableErrors } = await import('../../src/api/contract/rules/check.ts');
    const phone = (v: string) => tableErrors(accountRules, { name: 'Ann', phone: v }).phone;
    for (const ok of ['', '+1 555 0100', '+1 (555) 010-2030', '030 1234 5678', '555.010.2030', '555 0100 ext. 12', '5550100x12'])
      expect(phone(ok), ok).toBeUndefined();
    for (const bad of ['abc', '12', '555-CALL-NOW', '+44 20 7946 0958 or so'])
      expect(phone(bad), bad).toEqual(['The phone field must be a phone number, such as +1 555 010 2030.']);
  });
});
