import type { UrlCheck } from "../utils/urlCheck";

/** The full URL as text, the registrable domain in bold so a look-alike host stands out. */
export function UrlDisplay({ check }: { check: UrlCheck }) {
  if (!check.ok || !check.host) {
    return (
      <p className="url-display" data-openable="false">
        <code>{check.href}</code>
      </p>
    );
  }
  const { sub, domain, port } = check.hostParts;
  return (
    <p className="url-display" data-openable={String(check.openable)}>
      <span className="url-host-line">
        Site: <strong className="url-domain">{domain}</strong>
      </span>
      <code className="url-full">
        {check.protocol}//
        {check.userinfo && <span className="url-userinfo">{check.userinfo}</span>}
        <span className="url-sub">{sub}</span>
        <strong className="url-domain">{domain}</strong>
        {port}
        {check.rest}
      </code>
    </p>
  );
}
