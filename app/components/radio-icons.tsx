import { Icon, type IconProps } from "./icons";

// The radio player's icons (icons.tsx has those of every page), on the same grid.

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
