import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { AppErrorFallback } from '@/components/errors/app-error-fallback';

/** A route that throws while rendering shows the same text as a failed root. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('A route failed to render', error);
  }, [error]);
  return <AppErrorFallback />;
}
