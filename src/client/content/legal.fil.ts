import type { Translation } from '../../shared/i18n/catalog';
import type en from './legal.en';

export default {
  updated: 'Huling binago noong {date}',
  phone: 'Telepono',
  email: 'e-mail',
  terms: {
    description: 'Mga patakaran sa rental: sino ang puwedeng mag-rent, mga dokumento, deposit, presyo, pick-up at pagsauli, cancellation at insurance.',
    title: 'Terms of Service',
    intro:
      'Sakop ng mga patakarang ito ang bawat rental na na-book sa website na ito, sa telepono o sa garahe namin. Kapag nag-book ka ng sasakyan, sumasang-ayon ka sa mga ito. Pakibasa muna bago ka mag-book; tawagan kami kung may hindi malinaw.',
    sections: [
      {
        title: '1. Sino ang puwedeng mag-rent',
        items: [
          'Dapat 21 taong gulang ka pataas at may valid na driver’s license na hawak mo nang kahit 1 taon.',
          'Dalhin sa pick-up ang license na inilagay mo sa booking at isang valid na government ID. Tinatanggap ang foreign license hanggang 90 araw mula pagdating sa Pilipinas.',
          'Ang nagre-rent lang, o ang driver na galing sa amin, ang puwedeng magmaneho ng sasakyan.',
        ],
      },
      {
        title: '2. Booking at mga dokumento',
        items: [
          'Request pa lang ang booking hangga’t hindi namin ito kinukumpirma sa telepono o e-mail. Naka-hold ang mga petsa para sa iyo habang pending ito, basta buksan mo ang link sa e-mail namin sa loob ng oras na nakasaad doon (karaniwang 24 oras); kung hindi, made-cancel ang booking at magiging bakante ulit ang sasakyan sa mga petsang iyon.',
          'Kailangan sa bawat booking ang dalawang photo ID at isang proof of billing, na ina-upload kasama ng booking form. Ginagamit lang namin ang mga ito para i-verify kung sino ka (tingnan ang Privacy Policy).',
          'Walang bayad online. Sa pick-up mo babayaran ang rental, ang mga serbisyong pinili mo at ang insurance: cash, GCash, Maya, bank transfer o card.',
        ],
      },
      {
        title: '3. Security deposit',
        paragraphs: [
          'Kukunin namin ang refundable na security deposit na {deposit} pag-pick-up (cash o hold sa card); wala kaming sinisingil online. Kung iba ang deposit ng isang sasakyan, makikita ang halaga nito sa booking form bago ka mag-book. Ibabalik namin ito kapag naisauli mo ang sasakyan sa oras, pareho ang lebel ng gasolina at walang bagong sira; nakalista ang anumang ibabawas.',
        ],
      },
      {
        title: '4. Presyo at mga serbisyo',
        items: [
          'Sinisingil ang daily rate sa bawat araw mula pick-up hanggang pagsauli.',
          'Driver service: {driverWithin} kada araw sa loob ng Pangasinan, {driverOutside} kada araw sa labas ng Pangasinan. Sagot ng nagre-rent ang pagkain at tutuluyan ng driver.',
          'Distance service: {distanceOutside} kada araw para sa biyahe sa labas ng Pangasinan, {distanceFar} kada araw para sa biyaheng lampas 250 km.',
          'Insurance: {insurance} kada rental, kasama na sa bawat booking.',
          'Delivery at pagsundo sa address mo: libre sa loob ng Alaminos City; {deliveryFees}.',
        ],
      },
      {
        title: '5. Pick-up, pagsauli at late na pagsauli',
        items: [
          'Mula 9:00 AM hanggang 5:00 PM ang pick-up, sa oras na pinili mo; dapat mong isauli ang sasakyan sa parehong oras sa araw ng pagsauli.',
          'Sabay nating iinspeksyunin ang sasakyan bago at pagkatapos ng rental.',
          'Isauli ang sasakyan na pareho ang lebel ng gasolina. Sisingilin namin ang kulang na gasolina sa presyo sa gasolinahan, dagdag ang ₱300 na refuelling fee.',
          'Puwedeng may singil ang late na pagsauli: hanggang 3 oras, ₱300 kada oras; lampas doon, isang buong dagdag na araw.',
        ],
      },
      {
        title: '6. Cancellation at pagbabago',
        items: [
          'Kailangang ipaalam sa amin ang anumang pagbabago o cancellation kahit 24 oras bago ang pick-up.',
          'Libre ang pag-cancel kung 24 oras o higit pa bago ang pick-up.',
          'Kung mag-cancel sa loob ng 24 oras bago ang pick-up: ibabalik ang 50% ng anumang nabayaran na.',
          'Walang refund kung hindi sumipot.',
        ],
      },
      {
        title: '7. Sa kalsada',
        items: [
          'Sundin ang batas-trapiko ng Pilipinas. Hanggang 105 km/h lang ang takbo ng mga sasakyan namin, kahit mas mataas ang pinapayagan ng kalsada.',
          'Bawal manigarilyo, bawal ang alagang hayop nang walang pahintulot namin, bawal ang karera, paghila o off-road sa labas ng mga markadong daan, at bawal gamitin ang sasakyan sa paghahakot ng kargamento nang may bayad.',
          'Hindi puwedeng ilabas ng Luzon ang sasakyan nang walang nakasulat na pahintulot namin.',
          'Sagot ng nagre-rent ang mga multa sa trapiko at parking, toll at gasolina habang nasa rental.',
        ],
      },
      {
        title: '8. Aksidente, sira at pagtirik ng sasakyan',
        items: [
          'Tawagan kami agad kapag naaksidente, nasira, nanakaw o tumirik ang sasakyan, at kumuha ng police report kapag aksidente o nakaw.',
          'Sakop ng insurance ang sira sa sasakyan na lampas sa participation fee na sasabihin namin sa iyo sa pick-up, maliban sa sirang dulot ng pagmamaneho nang nakainom o naka-droga, ng paglabag sa mga patakarang ito, o ng driver na hindi nakalista.',
          'Huwag ipaayos ang sasakyan nang walang pahintulot namin. Kung tumirik ang sasakyan nang hindi kasalanan ng nagre-rent, papalitan namin ito kapag may bakanteng sasakyan.',
        ],
      },
      {
        title: '9. Pagtanggi sa serbisyo',
        paragraphs: [
          'Puwede naming tanggihan o i-cancel ang booking kapag hindi ma-verify ang mga dokumento, kapag lumabag na dati ang nagre-rent sa mga patakarang ito, o kapag hindi na available ang sasakyan dahil sa mga bagay na labas sa kontrol namin; sa ganitong kaso, ibabalik namin nang buo ang lahat ng nabayaran.',
        ],
      },
      {
        title: '10. Contact at batas na sinusunod',
        paragraphs: [
          'Sakop ng mga batas ng Republika ng Pilipinas ang mga patakarang ito. May tanong o reklamo? Tawagan o i-e-mail kami gamit ang mga detalye sa ibaba ng page na ito; sumasagot kami sa loob ng isang araw ng trabaho.',
        ],
      },
    ],
  },
  privacy: {
    description: 'Anong personal data ang itinatago namin, bakit, gaano katagal, at ang mga karapatan mo sa ilalim ng Data Privacy Act of 2012.',
    title: 'Privacy Policy',
    intro:
      'Kinukuha lang namin ang kailangan para ligtas kang makapag-rent ng sasakyan, iniingatan namin ito, at hinding-hindi namin ito ibebenta. Ipinapaliwanag ng policy na ito kung ano ang itinatago namin, bakit, gaano katagal, at ang mga karapatan mo sa ilalim ng Data Privacy Act of 2012 (Republic Act No. 10173).',
    sections: [
      {
        title: '1. Ano ang kinukuha namin',
        items: [
          'Detalye ng booking: pangalan, e-mail, phone number, numero ng driver’s license, Facebook profile kung ibinigay mo, ang mga petsa, serbisyo at delivery address na pinili mo.',
          'Mga dokumento ng pagkakakilanlan: dalawang photo ID at isang proof of billing na ina-upload mo kasama ng booking.',
          'Mga mensaheng ipinapadala mo sa amin sa contact form.',
          'Mga talaan ng bayad na itinatago ng staff namin: halaga, paraan at petsa. Hindi kami tumatanggap ng card number online.',
          'Teknikal na data na kailangan para ligtas na patakbuhin ang site: ang IP address mo sa server logs at sign-in cookie para sa staff lang. Wala kaming advertising o tracking cookies.',
        ],
      },
      {
        title: '2. Bakit namin ito ginagamit',
        items: [
          'Para kumpirmahin at asikasuhin ang booking mo, at para makontak ka namin tungkol dito.',
          'Para i-verify kung sino ka at kung puwede kang magmaneho bago iabot ang sasakyan, at para protektahan ang mga sasakyan namin laban sa panloloko at nakaw.',
          'Para itago ang mga talaang pang-accounting na hinihingi ng batas.',
          'Para sagutin ang mga tanong mo.',
        ],
      },
      {
        title: '3. Sino ang makakakita nito',
        paragraphs: [
          'Ang staff lang namin, pagkatapos mag-sign in, ang makakakita ng mga dokumento mo. Pribado ang pagkakatago ng mga file at hindi kailanman ipinapakita sa publiko. Ibinabahagi lang namin ang data sa hosting at e-mail providers namin na nagpoproseso nito para sa amin, at sa mga awtoridad kapag hinihingi ng batas (halimbawa pagkatapos ng aksidente o nakaw).',
        ],
      },
      {
        title: '4. Gaano katagal namin itinatago',
        items: [
          'Kusang binubura ang mga dokumento ng pagkakakilanlan isang taon matapos ang huli mong rental.',
          'Itinatago ang mga talaan ng booking at bayad nang mga 7 taon, ayon sa mga patakaran sa buwis at accounting ng Pilipinas.',
          'Itinatago ang mga contact message nang hanggang 2 taon.',
          'Itinatago ang talaan ng mga binago ng staff namin sa mga booking at talaan nang mga 7 taon, kasinghaba ng mga talaan mismo.',
        ],
      },
      {
        title: '5. Ang mga karapatan mo',
        paragraphs: ['Sa ilalim ng Data Privacy Act of 2012, may karapatan kang:'],
        items: [
          'malaman kung paano pinoproseso ang personal data mo;',
          'makita ang personal data mo na hawak namin at makakuha ng kopya;',
          'ipatama ang data mo na mali o kulang;',
          'tumutol sa pagproseso, at ipabura o ipa-block ang data mo kapag hindi na ito kailangan o labag sa batas ang pagproseso;',
          'data portability, sa karaniwang electronic format;',
          'magreklamo sa National Privacy Commission (privacy.gov.ph).',
        ],
      },
      {
        title: '6. Paano gamitin ang mga karapatan mo',
        paragraphs: [
          'Mag-e-mail o tumawag sa amin gamit ang mga detalye sa ibaba, at sabihin kung aling karapatan ang gusto mong gamitin at paano ka namin makokontak. Ive-verify namin na ikaw talaga ang humihiling, at sasagot kami sa loob ng 15 araw. Ang mga talaang obligado kaming itago ayon sa batas (gaya ng booking at bayad), itatago namin hanggang matapos ang obligasyong iyon, pero sasabihin namin sa iyo kung ano ang itinatago namin at bakit. Kapag binura namin ang data mo, mananatili ang mga talaang iyon, pero wala na roon ang pangalan mo, ang contact details mo o ang mga dokumento mo.',
        ],
      },
      {
        title: '7. Seguridad',
        paragraphs: [
          'Naka-encrypt ang koneksyon sa site; pribado ang pagkakatago ng mga dokumento at staff lang na naka-sign in ang makakabukas; naka-store ang mga password ng staff bilang matibay na one-way hash; naka-log ang bawat pagbabagong ginagawa ng staff.',
        ],
      },
    ],
  },
} satisfies Translation<typeof en>;
