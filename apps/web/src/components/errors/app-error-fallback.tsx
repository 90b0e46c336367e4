/** Spec section 2, "Other": shown when the application root fails to render. */
export const APP_ERROR_MESSAGE =
  'An error occurred while loading the application. Please check the console for more details.';

export function AppErrorFallback() {
  return (
    <div className="app-error" role="alert">
      <p>{APP_ERROR_MESSAGE}</p>
    </div>
  );
}
