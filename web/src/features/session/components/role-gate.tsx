import { Component, type ReactNode } from 'react';
import { Notice } from '@/components/ui/notice';
import { isRefusal } from '@/lib/api-client';
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
 * A screen only some roles use: the one guard of every such screen. The server refuses everyone
 * else anyway; this tells them so at once instead of showing a form that can only fail. Until the
 * first start-up answer the role is unknown, and nothing is said yet. A refusal the server answers
 * all the same (a role taken away since the app started) replaces the screen too: a query inside
 * throws it (`throwOnError: isRefusal`), and the refusal shows alone, never beside a loading line
 * that will not end.
 */
export function RoleGate({ allows, refusal, children }: RoleGateProps) {
  const user = useUser();
  if (!user) return null;
  if (!allows(user)) return <Notice tone="info">{refusal}</Notice>;
  return <ServerRefusal>{children}</ServerRefusal>;
}

type Caught = { error: unknown } | null;

class ServerRefusal extends Component<{ children: ReactNode }, { caught: Caught }> {
  override state: { caught: Caught } = { caught: null };

  static getDerivedStateFromError(error: unknown) {
    return { caught: { error } };
  }

  override render() {
    const { caught } = this.state;
    if (!caught) return this.props.children;
    // Anything but a refusal is not the guard's to explain: it goes on up as it came.
    if (!isRefusal(caught.error)) throw caught.error;
    return <Notice tone="error">{caught.error.message}</Notice>;
  }
}
