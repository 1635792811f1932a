import type { SVGProps } from "react";

// The few icons of the first page load, drawn inline (the icon library's runtime would cost more
// than the icons). Same 24-unit grid and stroke as lucide's, which the lazily loaded parts use.

function Icon({ size = 24, children, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
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

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export const PauseIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="14" y="3" width="5" height="18" rx="1" />
    <rect x="5" y="3" width="5" height="18" rx="1" />
  </Icon>
);

const SPEAKER =
  "M11 4.702a.705.705 0 0 0-1.203-.498L6.413 7.587A1.4 1.4 0 0 1 5.416 8H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.416a1.4 1.4 0 0 1 .997.413l3.383 3.384A.705.705 0 0 0 11 19.298z";

export const VolumeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d={SPEAKER} />
    <path d="M16 9a5 5 0 0 1 0 6M19.364 18.364a9 9 0 0 0 0-12.728" />
  </Icon>
);

export const MutedIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d={SPEAKER} />
    <path d="m16.5 14.5 5-5m-5 0 5 5" />
  </Icon>
);
