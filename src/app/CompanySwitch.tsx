// Document 1 §2 "Side menus", placed in the top bar: a dropdown for users with more than one company
// (staff: the provider context -1 first), else the company's name. Choosing stores the id and reloads.
import { Building2 } from 'lucide-react';
import { storageUrl } from '../api/storage-paths.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { SelectInput } from '../ui/Select.tsx';
import { adminMenuTarget } from './rules.ts';
import { chooseCompany, useSession } from './session.tsx';
import styles from './Shell.module.css';

export function CompanySwitch({ admin }: { admin: boolean }) {
  const { choices, customerId } = useSession();
  if (choices.length <= 1) {
    const name = choices[0]?.name ?? 'No company';
    const logo = choices[0]?.urlImage;
    return (
      <span className={styles.company}>
        <Avatar name={name} src={logo ? storageUrl(logo) : null} size={24} square />
        <span className={styles.companyName}>{name}</span>
      </span>
    );
  }
  return (
    <div className={styles.companySwitch}>
      <label htmlFor="company-switch" className="sr-only">
        Company
      </label>
      <SelectInput
        id="company-switch"
        size="sm"
        leading={<Building2 />}
        value={customerId ?? choices[0]!.id}
        options={choices.map((c) => ({ value: c.id, label: c.name }))}
        onValueChange={(next) => chooseCompany(next, admin ? adminMenuTarget(next) : undefined)}
      />
    </div>
  );
}
