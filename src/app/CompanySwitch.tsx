// §2 "Side menus": a dropdown for users with more than one company (staff: -1 first), else the name.
import { useId } from 'react';
import { adminMenuTarget } from './rules.ts';
import { chooseCompany, useSession } from './session.tsx';

export function CompanySwitch({ admin }: { admin: boolean }) {
  const { choices, customerId } = useSession();
  const id = useId();
  if (choices.length <= 1) return <p className="company-name">{choices[0]?.name ?? 'No company'}</p>;
  return (
    <div className="company-switch">
      <label htmlFor={id}>Company</label>
      <select
        id={id}
        value={customerId ?? ''}
        onChange={(e) => {
          const next = Number(e.target.value);
          chooseCompany(next, admin ? adminMenuTarget(next) : undefined);
        }}
      >
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
