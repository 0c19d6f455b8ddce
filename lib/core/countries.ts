// ISO 3166-1 countries: alpha-2 code ↔ numeric code. The identity registry stores the numeric code
// (uint16); the API accepts either form and shows both. Table from the iso-codes data (249 entries).
const TABLE =
  "AD20 AE784 AF4 AG28 AI660 AL8 AM51 AO24 AQ10 AR32 AS16 AT40 AU36 AW533 AX248 AZ31 BA70 BB52 BD50 BE56 BF854 " +
  "BG100 BH48 BI108 BJ204 BL652 BM60 BN96 BO68 BQ535 BR76 BS44 BT64 BV74 BW72 BY112 BZ84 CA124 CC166 CD180 CF140 " +
  "CG178 CH756 CI384 CK184 CL152 CM120 CN156 CO170 CR188 CU192 CV132 CW531 CX162 CY196 CZ203 DE276 DJ262 DK208 " +
  "DM212 DO214 DZ12 EC218 EE233 EG818 EH732 ER232 ES724 ET231 FI246 FJ242 FK238 FM583 FO234 FR250 GA266 GB826 " +
  "GD308 GE268 GF254 GG831 GH288 GI292 GL304 GM270 GN324 GP312 GQ226 GR300 GS239 GT320 GU316 GW624 GY328 HK344 " +
  "HM334 HN340 HR191 HT332 HU348 ID360 IE372 IL376 IM833 IN356 IO86 IQ368 IR364 IS352 IT380 JE832 JM388 JO400 " +
  "JP392 KE404 KG417 KH116 KI296 KM174 KN659 KP408 KR410 KW414 KY136 KZ398 LA418 LB422 LC662 LI438 LK144 LR430 " +
  "LS426 LT440 LU442 LV428 LY434 MA504 MC492 MD498 ME499 MF663 MG450 MH584 MK807 ML466 MM104 MN496 MO446 MP580 " +
  "MQ474 MR478 MS500 MT470 MU480 MV462 MW454 MX484 MY458 MZ508 NA516 NC540 NE562 NF574 NG566 NI558 NL528 NO578 " +
  "NP524 NR520 NU570 NZ554 OM512 PA591 PE604 PF258 PG598 PH608 PK586 PL616 PM666 PN612 PR630 PS275 PT620 PW585 " +
  "PY600 QA634 RE638 RO642 RS688 RU643 RW646 SA682 SB90 SC690 SD729 SE752 SG702 SH654 SI705 SJ744 SK703 SL694 " +
  "SM674 SN686 SO706 SR740 SS728 ST678 SV222 SX534 SY760 SZ748 TC796 TD148 TF260 TG768 TH764 TJ762 TK772 TL626 " +
  "TM795 TN788 TO776 TR792 TT780 TV798 TW158 TZ834 UA804 UG800 UM581 US840 UY858 UZ860 VA336 VC670 VE862 VG92 " +
  "VI850 VN704 VU548 WF876 WS882 YE887 YT175 ZA710 ZM894 ZW716 ";

const numericByAlpha2 = new Map<string, number>();
const alpha2ByNumeric = new Map<number, string>();
for (const entry of TABLE.split(" ")) {
  if (!entry) continue;
  const alpha2 = entry.slice(0, 2);
  const numeric = Number(entry.slice(2));
  numericByAlpha2.set(alpha2, numeric);
  alpha2ByNumeric.set(numeric, alpha2);
}

export interface Country {
  alpha2: string | null;
  numeric: number;
}

/** "FR", "fr", 250 or "250" → the country, or null when it is no ISO 3166-1 country. */
export function parseCountry(input: string | number): Country | null {
  if (typeof input === "number" || /^\d{1,3}$/.test(input)) {
    const numeric = Number(input);
    const alpha2 = alpha2ByNumeric.get(numeric);
    return alpha2 ? { alpha2, numeric } : null;
  }
  const alpha2 = input.toUpperCase();
  const numeric = numericByAlpha2.get(alpha2);
  return numeric === undefined ? null : { alpha2, numeric };
}

/** A numeric code read from the chain (0 = none stored): alpha-2 is null when the code is no ISO country. */
export const countryOf = (numeric: number): Country => ({ alpha2: alpha2ByNumeric.get(numeric) ?? null, numeric });
