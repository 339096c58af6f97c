import { Avatar, type AvatarProps } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';

interface PatientAvatarProps extends Omit<AvatarProps, 'src' | 'alt'> {
  src: string | null | undefined;
  name: string;
  alt?: string;
}

/** The patient's photo; a person icon stands in when there is none or it fails to load. */
export function PatientAvatar({ src, name, alt, size = 'md', ...props }: PatientAvatarProps) {
  return (
    <Avatar src={src ?? null} alt={alt ?? name} size={size} color="clinic" variant="light" {...props}>
      <IconUser size="60%" stroke={1.6} aria-hidden />
    </Avatar>
  );
}
