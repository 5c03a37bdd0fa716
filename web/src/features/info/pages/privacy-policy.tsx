import { SharingAndKeeping } from './privacy-policy/sharing-and-keeping';
import { WhatWeCollect } from './privacy-policy/what-we-collect';
import { YourRights } from './privacy-policy/your-rights';

export default function PrivacyPolicyPage() {
  return (
    <article className="prose">
      <h1>Privacy policy</h1>
      <p className="muted">
        Last updated <time dateTime="2026-11-22">22 Nov 2026</time>
      </p>
      <p className="lead">
        Your personal data belongs to you. This policy explains, in plain English, what we collect, why, who
        we share it with, how long we keep it, and the rights you have under the Nigeria Data Protection Act
        2023.
      </p>
      <div className="callout">
        <p>In short:</p>
        <ul>
          <li>We collect what we need to run your account, pay you safely and meet the law.</li>
          <li>We never sell your data.</li>
          <li>Your password and one-time codes are stored only as secure hashes.</li>
          <li>
            You can see, download and correct your data, and complain to the Nigeria Data Protection
            Commission.
          </li>
        </ul>
      </div>

      <nav aria-label="Sections">
        <ol>
          <li>
            <a href="#p1">Who we are</a>
          </li>
          <li>
            <a href="#p2">The law that protects your data</a>
          </li>
          <li>
            <a href="#p3">The data we collect</a>
          </li>
          <li>
            <a href="#p4">Why we use your data, and our lawful basis</a>
          </li>
          <li>
            <a href="#p5">What we store on your device</a>
          </li>
          <li>
            <a href="#p6">Who we share your data with</a>
          </li>
          <li>
            <a href="#p7">Transfers outside Nigeria</a>
          </li>
          <li>
            <a href="#p8">How long we keep your data</a>
          </li>
          <li>
            <a href="#p9">How we protect your data</a>
          </li>
          <li>
            <a href="#p10">Your rights</a>
          </li>
          <li>
            <a href="#p11">Children</a>
          </li>
          <li>
            <a href="#p12">Automatic decisions</a>
          </li>
          <li>
            <a href="#p13">Changes to this policy</a>
          </li>
          <li>
            <a href="#p14">Contact and complaints</a>
          </li>
        </ol>
      </nav>

      <WhatWeCollect />
      <SharingAndKeeping />
      <YourRights />
    </article>
  );
}
