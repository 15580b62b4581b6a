// /term-of-use (public): the terms of use and the privacy policy of document 3 §9.
import { Link } from 'react-router-dom';
import { Logo } from '../../ui/Logo.tsx';
import styles from './legal.module.css';

export default function TermsPage() {
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <Link to="/" className={styles.home} aria-label="Facet, home">
          <Logo size={26} />
        </Link>
        <nav aria-label="On this page" className={styles.toc}>
          <a href="#terms">Terms of Use</a>
          <a href="#privacy">Privacy Policy</a>
        </nav>
      </header>
      <main className={styles.page}>
        <h1 id="terms">Terms of Use</h1>
        <p className={styles.lead}>The rules of the service: plans, payment, cancellation, formats and ownership.</p>
        <h2>Plans and payment</h2>
        <ul>
          <li>Plans are quarterly, semi-annual or annual. They are paid in advance by card through a payment provider.</li>
          <li>Each 3D model includes up to 3 free change requests.</li>
          <li>You may withdraw within 7 days of purchase and receive a full refund.</li>
        </ul>
        <h2>Late payment</h2>
        <p>A late payment incurs a fine of 2% plus interest of 1% per month. After 90 days of default the account is deleted.</p>
        <h2>Cancellation</h2>
        <ul>
          <li>
            Cancelling a plan in progress, or after the initial 7 days, refunds 75% of the plan value. The refund is proportional
            to the 3D models on which no service has been requested.
          </li>
          <li>A work order counts as started when its status becomes 'Producing'.</li>
          <li>
            After a cancellation by e-mail, access is blocked and files are kept for at most 90 days, then deleted permanently.
            You may export copies of your files before then.
          </li>
          <li>
            On cancellation for default, files are kept for 90 days from the e-mail notice. You can pay the amount due, or switch
            to a 'maintenance' format (storage only).
          </li>
        </ul>
        <h2>Export formats</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Formats</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Vignette, Silo and 360</td>
              <td>jpg, png, tiff</td>
            </tr>
            <tr>
              <td>Video</td>
              <td>mp4, mov</td>
            </tr>
            <tr>
              <td>Viewer 3D Logo</td>
              <td>png, jpg</td>
            </tr>
            <tr>
              <td>Viewer 3D</td>
              <td>glb</td>
            </tr>
            <tr>
              <td>AR</td>
              <td>fbx, obj, blend, glb, usdz</td>
            </tr>
          </tbody>
        </table>
        <h2>Ownership and other terms</h2>
        <ul>
          <li>The provider owns the software. You keep the copyright on your content.</li>
          <li>
            Resulting project images may be shown in the provider's portfolio: results only, never the files you originally
            supplied.
          </li>
          <li>Vignette background items are free to use.</li>
          <li>These terms are governed by Brazilian law; the courts of São Paulo have jurisdiction.</li>
          <li>The platform is not usable on phones or tablets. Minors under 18 may not use it.</li>
          <li>Support is available Monday to Friday, 9:00 to 18:00 (GMT-3), and answers within 2 business days.</li>
        </ul>

        <h1 id="privacy" className={styles.second}>
          Privacy Policy
        </h1>
        <p className={styles.lead}>What we collect, why, for how long, and your rights.</p>
        <h2>Data collected</h2>
        <p>
          Name, CPF and RG, e-mail, address, phone, payment data, IP address, browser and operating system information, and the
          links and pages visited.
        </p>
        <h2>Payment</h2>
        <p>Payments are handled by a third-party payment platform and are made in advance by choosing a plan.</p>
        <h2>Retention</h2>
        <p>Marketing data is kept for 3 years from your last activity.</p>
        <h2>Your rights</h2>
        <p>
          You can request access to, correction or deletion of your data, or ask us to stop contacting you, by e-mail to the
          provider's contact address.
        </p>
        <h2>Other provisions</h2>
        <p>
          This site uses cookies. The policy also covers the data protection law (LGPD), notice of security incidents, third-party
          operators who process data for the provider, and links to external sites.
        </p>
      </main>
    </div>
  );
}
