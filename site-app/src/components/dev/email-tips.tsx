const TIPS = [
  'Check the spam or junk folder, and the Promotions or Other tabs.',
  'Add the sender address to your contacts or safe senders list (whitelist it).',
  'Allow a few minutes: some providers, Outlook and Hotmail especially, hold new senders back.',
  "Check the from address in the result: it should be the studio's own sending address.",
];

/** Troubleshooting tips shown under the email tools (spec §2). */
export function EmailTips() {
  return (
    <section className="email-tips" aria-labelledby="email-tips-heading">
      <h2 id="email-tips-heading" className="email-tips__title">
        Troubleshooting tips
      </h2>
      <ul className="tick-list">
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}
