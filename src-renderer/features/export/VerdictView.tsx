import { TerminalOutcome } from "../../../src-shared/events/stages"
import type { BundleProblem, BundleVerdict, TraceVerdict } from "../../../src-shared/export"
import { formatDateTime } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"

// The verifier's verdict on a bundle as the window shows it: pass or fail overall, the signature
// and whose key made it, then every problem located (file, trace, event, line) and one row per
// trace with each of its checks. The problem texts are the verifier's own (English) record.
// A bundle passes only when its signer is trusted too (this installation's key, or the key the
// user required): every check holding under someone else's valid signature is a warning, since
// anyone can sign a bundle with a key of their own.

export function VerdictView({ verdict }: { verdict: BundleVerdict }) {
  const { t } = useI18n()
  const problemCount =
    verdict.problems.length + verdict.traces.reduce((sum, trace) => sum + trace.problems.length, 0)
  const failing = verdict.traces.filter((trace) => trace.problems.length > 0)
  const verified = verdict.ok && verdict.signerTrusted
  const headline = verified
    ? { tone: "notice-success", text: t("verify.pass") }
    : verdict.ok
      ? { tone: "notice-warning", text: t("verify.untrusted") }
      : { tone: "notice-error", text: t("verify.fail", { count: Math.max(problemCount, 1) }) }
  return (
    <section
      className="verify-verdict"
      aria-label={t("verify.title")}
      data-testid="verify-verdict"
      data-ok={String(verified)}
      data-signer-trusted={String(verdict.signerTrusted)}
    >
      <p className={`notice ${headline.tone} verify-headline`} role="status" data-testid="verify-headline">
        <strong>{headline.text}</strong>
      </p>
      <VerdictFacts verdict={verdict} />
      {verdict.problems.length > 0 && (
        <>
          <h3>{t("verify.bundleProblems")}</h3>
          <ProblemTable problems={verdict.problems} />
        </>
      )}
      {verdict.traces.length > 0 && (
        <>
          <h3>{t("verify.traces")}</h3>
          <TraceTable traces={verdict.traces} />
        </>
      )}
      {failing.map((trace) => (
        <div key={trace.requestId}>
          <h4>{t("verify.traceProblems", { id: trace.requestId })}</h4>
          <ProblemTable problems={trace.problems} />
        </div>
      ))}
    </section>
  )
}

/** The signature, whose key made it and whether it is the trusted one, when, and for which firm. */
function VerdictFacts({ verdict }: { verdict: BundleVerdict }) {
  const { t, locale } = useI18n()
  return (
    <dl className="verify-facts">
      <dt>{t("verify.signature")}</dt>
      <dd
        data-testid="verify-signature"
        data-ok={String(verdict.signatureOk)}
        className={!verdict.signatureOk ? "is-bad" : verdict.signerTrusted ? "is-ok" : undefined}
      >
        {!verdict.signatureOk
          ? t("verify.signature.bad")
          : verdict.signerTrusted
            ? t("verify.signature.ok")
            : t("verify.signature.untrusted")}
      </dd>
      <dt>{t("verify.signer")}</dt>
      <dd>
        <code className="fingerprint" data-testid="verify-fingerprint">
          {verdict.fingerprint ?? t("common.unknown")}
        </code>
      </dd>
      <dt>{t("verify.trustedKey")}</dt>
      <dd
        data-testid="verify-trusted-key"
        className={verdict.trustedKeyMatches === false ? "is-bad" : undefined}
      >
        {verdict.trustedKeyMatches === true || (verdict.trustedKeyMatches === null && verdict.signerTrusted)
          ? t("verify.trustedKey.match")
          : verdict.trustedKeyMatches === false
            ? t("verify.trustedKey.mismatch")
            : verdict.signatureOk
              ? t("verify.trustedKey.other")
              : t("verify.trustedKey.notChecked")}
      </dd>
      <dt>{t("verify.exportedAt")}</dt>
      <dd>
        {verdict.exportedAt === null ? t("common.unknown") : formatDateTime(verdict.exportedAt, locale)}
      </dd>
      <dt>{t("verify.firm")}</dt>
      <dd>{verdict.firmName ? verdict.firmName : t("common.notSet")}</dd>
    </dl>
  )
}

function ProblemTable({ problems }: { problems: readonly BundleProblem[] }) {
  const { t } = useI18n()
  return (
    <table className="verify-table verify-problems">
      <thead>
        <tr>
          <th scope="col">{t("verify.col.file")}</th>
          <th scope="col">{t("verify.col.trace")}</th>
          <th scope="col">{t("verify.col.event")}</th>
          <th scope="col">{t("verify.col.line")}</th>
          <th scope="col">{t("verify.col.message")}</th>
        </tr>
      </thead>
      <tbody>
        {problems.map((problem, i) => (
          <tr key={i} data-testid="verify-problem" data-file={problem.file ?? ""}>
            <td>{problem.file === null ? "—" : <code>{problem.file}</code>}</td>
            <td className="verify-id">{problem.requestId ?? "—"}</td>
            <td>{problem.seq === null ? "—" : `seq ${problem.seq}`}</td>
            <td>{problem.line ?? "—"}</td>
            <td>{problem.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function TraceTable({ traces }: { traces: readonly TraceVerdict[] }) {
  const { t } = useI18n()
  const check = (ok: boolean) => (
    <span className={ok ? "is-ok" : "is-bad"}>{ok ? t("verify.check.ok") : t("verify.check.bad")}</span>
  )
  const outcomeText = (outcome: string | null) => {
    const known = TerminalOutcome.safeParse(outcome)
    return known.success ? t(`outcome.${known.data}`) : (outcome ?? "—")
  }
  return (
    <table className="verify-table verify-traces">
      <thead>
        <tr>
          <th scope="col">{t("verify.col.trace")}</th>
          <th scope="col">{t("verify.col.outcome")}</th>
          <th scope="col">{t("verify.col.chain")}</th>
          <th scope="col">{t("verify.col.csv")}</th>
          <th scope="col">{t("verify.col.replay")}</th>
          <th scope="col">{t("verify.col.verdict")}</th>
        </tr>
      </thead>
      <tbody>
        {traces.map((trace) => (
          <tr
            key={trace.requestId}
            data-testid="verify-trace"
            data-request-id={trace.requestId}
            data-ok={String(trace.ok)}
          >
            <td className="verify-id">{trace.requestId}</td>
            <td>{outcomeText(trace.outcome)}</td>
            <td>{check(trace.chainOk)}</td>
            <td>{check(trace.csvOk)}</td>
            <td>{check(trace.replayOk)}</td>
            <td>
              <strong className={trace.ok ? "is-ok" : "is-bad"}>
                {trace.ok ? t("verify.trace.ok") : t("verify.trace.bad")}
              </strong>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
