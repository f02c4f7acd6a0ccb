/**
 * How strong ADMIN_SETUP_CODE must be (docs/auth.md, "The first admin"). `POST /init` is public until the owner has
 * signed in, so the code is the only thing between a fresh deploy and a stranger; 128 bits of randomness makes
 * guessing hopeless even without the per-address throttle.
 *
 * The estimate is length × log2(alphabet), where the alphabet is the smallest usual one the code's characters fit:
 * hex digits (4 bits a character), base64 or base64url (6 bits), or the character classes it uses. That is an upper
 * bound: it assumes every character was picked at random, which is why low-variety codes (one character repeated, a
 * short block repeated, few distinct characters) are refused outright.
 */
export const SETUP_CODE_MIN_BITS = 128;

export const SETUP_CODE_ADVICE =
  'ADMIN_SETUP_CODE is too weak: it needs at least 128 bits of randomness, such as 22 or more random base64url ' +
  'characters or 32 random hex digits. Make one with `openssl rand -base64 24` or ' +
  '`node -e "console.log(crypto.randomBytes(24).toString(\'base64url\'))"` and set it again.';

const HEX = /^(?:[0-9a-f]+|[0-9A-F]+)$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9_-]+$/;

function alphabetSize(code: string): number {
  if (HEX.test(code)) return 16;
  if (BASE64.test(code)) return 64;
  let size = 0;
  if (/[0-9]/.test(code)) size += 10;
  if (/[a-z]/.test(code)) size += 26;
  if (/[A-Z]/.test(code)) size += 26;
  // The printable ASCII punctuation and the space.
  if (/[ -/:-@[-`{-~]/.test(code)) size += 33;
  // Anything else (accented letters, other scripts): counted generously, the variety checks below still apply.
  if (/[^ -~]/u.test(code)) size += 100;
  return size;
}

/** The estimated bits of a code picked at random from its alphabet. */
export function setupCodeBits(code: string): number {
  const characters = [...code];
  const size = alphabetSize(code);
  return size > 1 ? characters.length * Math.log2(size) : 0;
}

/** True when the code looks random enough; see above for the rule. */
export function isStrongSetupCode(code: string): boolean {
  const characters = [...code];
  if (setupCodeBits(code) < SETUP_CODE_MIN_BITS) return false;
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  // Random 32 hex digits show about 14 distinct ones; fewer than 8 means a pattern, not chance.
  if (counts.size < 8) return false;
  // One character filling over half of the code does not happen by chance (for 32 random hex digits, about 1 in
  // 10^10). A third was too tight: about 1 in 36,000 honest `openssl rand -hex 16` codes have one digit 11 times.
  if (Math.max(...counts.values()) * 2 > characters.length) return false;
  // A block repeated end to end ("abcdabcdabcd…") holds no more than one block.
  if (/^([\s\S]+?)\1+$/u.test(code)) return false;
  return true;
}
