import type { SVGProps } from "react";

// The few icons of the first page load, drawn inline (the icon library's runtime would cost more
// than the icons), and the donation dialog's: lucide's shapes (ISC licence), grid and stroke.
// The radio player's own are in radio-icons.tsx, so that other pages do not load them.

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Icon({ size = 24, children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (p: { size?: number }) => (
  <Icon {...p}>
    <path d="M4 5h16M4 12h16M4 19h16" />
  </Icon>
);

export const CloseIcon = (p: { size?: number }) => (
  <Icon {...p}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);

export const SearchIcon = (p: { size?: number }) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.34-4.34" />
  </Icon>
);

export const PlayIcon = (p: { size?: number }) => (
  <Icon {...p} fill="currentColor">
    <path d="M6 3.5v17l14-8.5z" />
  </Icon>
);

/** The donation dialog's (lucide's heart-handshake). */
export const HeartHandshakeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19.414 14.414C21 12.828 22 11.5 22 9.5a5.5 5.5 0 0 0-9.591-3.676.6.6 0 0 1-.818.001A5.5 5.5 0 0 0 2 9.5c0 2.3 1.5 4 3 5.5l5.535 5.362a2 2 0 0 0 2.879.052 2.12 2.12 0 0 0-.004-3 2.124 2.124 0 1 0 3-3 2.124 2.124 0 0 0 3.004 0 2 2 0 0 0 0-2.828l-1.881-1.882a2.41 2.41 0 0 0-3.409 0l-1.71 1.71a2 2 0 0 1-2.828 0 2 2 0 0 1 0-2.828l2.823-2.762" />
  </Icon>
);
