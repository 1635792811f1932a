import type { SVGProps } from "react";

// The few icons of the first page load, drawn inline (the icon library's runtime would cost more
// than the icons). Same 24-unit grid and stroke as lucide's, which the lazily loaded parts use.
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
