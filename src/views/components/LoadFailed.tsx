/**
 * A load that failed, said at once (alert), with the person's way to try again: the one
 * failure block of the screens' tables and previews (a screen without a retry shows only
 * its message).
 */
export const LoadFailed = ({ message, retryLabel, onRetry }: { readonly message: string; readonly retryLabel?: string; readonly onRetry?: () => void }) => (
  <div className="analysis-report-failed" role="alert">
    <p>{message}</p>
    {onRetry && retryLabel ? (
      <button type="button" className="button" onClick={onRetry}>
        {retryLabel}
      </button>
    ) : null}
  </div>
);
