// /register/customer: the company and its first manager in ten steps (document 1 §2).
import { useRef } from 'react';
import { register } from './register.ts';
import { Wizard } from './Wizard.tsx';

export default function RegisterCustomerPage() {
  // A company already created stays created: a second Register only retries the manager.
  const customerId = useRef<number | undefined>(undefined);
  return (
    <Wizard
      first={0}
      draftName="register-customer"
      heading="Create your account"
      submit={async (values, files, key) => {
        const outcome = await register(values, files, key, customerId.current);
        if (!outcome.ok && outcome.customerId !== undefined) customerId.current = outcome.customerId;
        return outcome;
      }}
    />
  );
}
