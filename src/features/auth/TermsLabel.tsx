// The terms box's label, one wording for Register and the wizard's last step: the link opens the terms in a new tab.
export function TermsLabel() {
  return (
    <>
      I accept the{' '}
      <a href="/term-of-use" target="_blank" rel="noreferrer">
        terms of use
      </a>
    </>
  );
}
