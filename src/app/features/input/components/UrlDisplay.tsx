import { COLLAPSE_URL, type UrlCheck } from "../../../../core";
import { ServerText } from "../../../components/ui/ServerText";
import "../input.css";

/** How much of a long URL's path shows before "Show the whole URL". */
const PREVIEW = 160;

/**
 * The URL as text, the registrable domain in bold so a look-alike host stands out. A long URL is
 * collapsed: the host and the start of the path stay on one or two lines, the rest opens on demand in
 * a scrolling box, so the warnings and buttons below never move out of view.
 */
export function UrlDisplay({ check }: { check: UrlCheck }) {
  if (!check.ok || !check.host) {
    const long = check.href.length > COLLAPSE_URL;
    return (
      <div className="url-display" data-openable="false">
        <code className="url-collapsed">
          <ServerText text={long ? `${check.href.slice(0, PREVIEW)}…` : check.href} />
        </code>
        {long && <WholeUrl href={check.href} />}
      </div>
    );
  }
  const { sub, domain, port } = check.hostParts;
  const long = check.href.length > COLLAPSE_URL;
  const rest = long ? `${check.rest.slice(0, PREVIEW)}…` : check.rest;
  return (
    <div className="url-display" data-openable={String(check.openable)} data-collapsed={long ? "true" : undefined}>
      <span className="url-host-line">
        Site: <strong className="url-domain">{domain}</strong>
        {check.hostWords && <span className="url-where"> · {check.hostKind.replace("-", " ")}</span>}
      </span>
      <code className={long ? "url-collapsed" : "url-full"} data-testid="url-text">
        {check.protocol}//
        {check.userinfo && <span className="url-userinfo">{check.userinfo}</span>}
        <span className="url-sub">{sub}</span>
        <strong className="url-domain">{domain}</strong>
        {port}
        <ServerText text={rest} />
      </code>
      {long && <WholeUrl href={check.href} />}
    </div>
  );
}

function WholeUrl({ href }: { href: string }) {
  return (
    <details className="url-more">
      <summary>Show the whole URL ({href.length.toLocaleString("en-US")} characters)</summary>
      <pre aria-label="The whole URL">
        <ServerText text={href} />
      </pre>
    </details>
  );
}
