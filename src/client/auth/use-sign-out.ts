import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/** Ends the session on the server, forgets every cached answer, and goes home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // Better Auth's client loads only when an account action needs it, keeping it off the first load.
    const { authClient } = await import('./auth-client');
    await authClient.signOut();
    queryClient.clear();
    await navigate('/');
  };
}
