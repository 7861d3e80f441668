import type { ReactNode } from 'react';
import { Notice } from '@/components/ui/notice';
import { useUser } from '../api/get-me';
import type { TUserState } from '../user-state';

type RoleGateProps = {
  /** Whether this user may use what the gate holds. */
  allows: (user: TUserState | undefined) => boolean;
  /** What anyone else is told instead. */
  refusal: string;
  children: ReactNode;
};

/**
 * A screen only some roles use. The server refuses everyone else anyway; this tells them so at once
 * instead of showing a form that can only fail. Until the first start-up answer the role is
 * unknown, and nothing is said yet.
 */
export function RoleGate({ allows, refusal, children }: RoleGateProps) {
  const user = useUser();
  if (allows(user)) return children;
  return user ? <Notice tone="info">{refusal}</Notice> : null;
}
