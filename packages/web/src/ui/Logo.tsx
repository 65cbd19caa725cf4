/** Moa's mark: two speech bubbles coming together ("모아" means "gathered"). Decorative; pages name the product in text. */

type LogoProps = { size?: number };

export function Logo({ size = 96 }: LogoProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 96 96"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="96" height="96" rx="24" fill="#1d5fd6" />
      <rect x="36" y="40" width="44" height="32" rx="12" fill="#8fb8ff" />
      <path d="M66 68l6 12-14-10z" fill="#8fb8ff" />
      <rect x="16" y="18" width="46" height="34" rx="12" fill="#ffffff" />
      <path d="M26 48l-2 14 14-12z" fill="#ffffff" />
    </svg>
  );
}
