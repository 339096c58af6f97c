import { Avatar, type AvatarProps } from '@mantine/core';
import { initialsOf } from './employee-format';

interface EmployeeAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  src: string | null | undefined;
  name: string;
}

/** The employee's picture, or their initials on a colour derived from the name when there is none (or it fails). */
export function EmployeeAvatar({ src, name, ...props }: EmployeeAvatarProps) {
  const clean = name.trim();
  // No name yet (a new form): the neutral placeholder.
  if (!clean || clean === '?') return <Avatar src={src ?? null} alt="" {...props} />;
  return (
    <Avatar src={src ?? null} alt={name} color="initials" name={name} {...props}>
      {initialsOf(name)}
    </Avatar>
  );
}
