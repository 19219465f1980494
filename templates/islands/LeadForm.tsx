import { useEffect, useState } from 'react';

export interface LeadFormProps {
  scriptUrl: string;
  region: string;
  portalId: string;
  formId: string;
  email: string;
}

interface FormsGlobal {
  forms?: { create?: (options: { region: string; portalId: string; formId: string; target: string }) => void };
}

declare global {
  interface Window {
    /** Set by the form provider's script once it has loaded. */
    hbspt?: FormsGlobal;
  }
}

export const FORM_TARGET_ID = 'hubspot-form-container';
export const SCRIPT_FAILED = 'Lead form: the form provider script failed to load, so the form is not shown.';
export const GLOBAL_MISSING = 'Lead form: the form provider script loaded but window.hbspt was not found, so no form was created.';

/**
 * Loads the form provider's script asynchronously and creates the form in its container.
 * Until the form exists (and when it cannot), the visitor sees a short fallback with an e-mail link.
 * The script element is removed when the island unmounts.
 */
export default function LeadForm({ scriptUrl, region, portalId, formId, email }: LeadFormProps) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      const forms = window.hbspt?.forms;
      if (!forms?.create) {
        console.warn(GLOBAL_MISSING);
        setState('failed');
        return;
      }
      forms.create({ region, portalId, formId, target: `#${FORM_TARGET_ID}` });
      setState('ready');
    };
    script.onerror = () => {
      console.warn(SCRIPT_FAILED);
      setState('failed');
    };
    document.body.append(script);
    return () => script.remove();
  }, [scriptUrl, region, portalId, formId]);

  return (
    <div className="rounded-card border border-slate-200 bg-white p-6 shadow-card sm:p-8">
      <div id={FORM_TARGET_ID} />
      {state === 'ready' ? null : (
        <p className="text-slate-600" role={state === 'failed' ? 'status' : undefined}>
          {state === 'failed' ? 'The form could not be loaded. E-mail us at ' : 'The form is loading. If it does not appear, e-mail us at '}
          <a className="font-semibold text-brand-700 underline" href={`mailto:${email}`}>
            {email}
          </a>{' '}
          and we will reply within one business day.
        </p>
      )}
    </div>
  );
}
