/**
 * The organisation's logo, as the header shows it. The e-mails show it too, as a PNG (mail apps
 * show no SVG): scripts/make-email-logo.mjs draws shell/public/media/logo-v1.png from this.
 */
export function Logo() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="6" fill="#ffd400" />
      <path d="M20 7c-3 6-9 8-9 15a9 9 0 0 0 18 0c0-7-6-9-9-15z" fill="#111" />
    </svg>
  );
}
