// /register-manager?id_customer=…: the manager part of the wizard for a company just registered.
import { useSearchParams } from 'react-router-dom';
import { REGISTER_MESSAGES } from './rules.ts';
import { MANAGER_FIRST_STEP, registerManagerOnly } from './register.ts';
import { Wizard } from './Wizard.tsx';

export default function RegisterManagerPage() {
  const [query] = useSearchParams();
  const customerId = Number(query.get('id_customer'));
  return (
    <Wizard
      first={MANAGER_FIRST_STEP}
      draftName={`register-manager:${customerId}`}
      heading="Manager registration"
      submit={(values, files, key) =>
        Number.isInteger(customerId) && customerId > 0
          ? registerManagerOnly(values, files, customerId, key)
          : Promise.resolve({ ok: false, message: REGISTER_MESSAGES.manager })
      }
    />
  );
}
