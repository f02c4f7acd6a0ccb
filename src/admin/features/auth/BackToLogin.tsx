/** The link-styled "Back to Login" under a login step's form (creating the account, the e-mailed code). */
export function BackToLogin({ onBack }: { onBack: () => void }) {
  return (
    <div className="login-links">
      <button type="button" className="link-button" onClick={onBack}>
        Back to Login
      </button>
    </div>
  );
}
