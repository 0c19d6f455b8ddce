// Contracts whose compiled (Hardhat) artifacts ship in an npm package, read from node_modules at run
// time: contract name → file inside the package. Nothing of theirs is copied into this repository.
// Chainlink is absent: @chainlink/contracts ships ABIs without bytecode (and cannot install offline).
const TREX = "@tokenysolutions/t-rex/artifacts/contracts"; // 4.1.6
const TREX_MODULES = `${TREX}/compliance/modular/modules`;
const ONCHAINID = "@onchain-id/solidity/artifacts/contracts"; // 2.2.1
const SAFE = "@safe-global/safe-contracts/build/artifacts/contracts"; // 1.4.1
const ACCOUNT_ABSTRACTION = "@account-abstraction/contracts/artifacts"; // 0.7.0

export const PACKAGE_ARTIFACTS = {
  // T-REX: implementations behind the suite's proxies, the factory and its authorities.
  Token: `${TREX}/token/Token.sol/Token.json`,
  IdentityRegistry: `${TREX}/registry/implementation/IdentityRegistry.sol/IdentityRegistry.json`,
  IdentityRegistryStorage: `${TREX}/registry/implementation/IdentityRegistryStorage.sol/IdentityRegistryStorage.json`,
  TrustedIssuersRegistry: `${TREX}/registry/implementation/TrustedIssuersRegistry.sol/TrustedIssuersRegistry.json`,
  ClaimTopicsRegistry: `${TREX}/registry/implementation/ClaimTopicsRegistry.sol/ClaimTopicsRegistry.json`,
  ModularCompliance: `${TREX}/compliance/modular/ModularCompliance.sol/ModularCompliance.json`,
  TREXFactory: `${TREX}/factory/TREXFactory.sol/TREXFactory.json`,
  TREXImplementationAuthority: `${TREX}/proxy/authority/TREXImplementationAuthority.sol/TREXImplementationAuthority.json`,
  IAFactory: `${TREX}/proxy/authority/IAFactory.sol/IAFactory.json`,
  ModuleProxy: `${TREX_MODULES}/ModuleProxy.sol/ModuleProxy.json`,
  // T-REX compliance modules (UUPS: deployed behind a ModuleProxy).
  CountryAllowModule: `${TREX_MODULES}/CountryAllowModule.sol/CountryAllowModule.json`,
  CountryRestrictModule: `${TREX_MODULES}/CountryRestrictModule.sol/CountryRestrictModule.json`,
  ExchangeMonthlyLimitsModule: `${TREX_MODULES}/ExchangeMonthlyLimitsModule.sol/ExchangeMonthlyLimitsModule.json`,
  MaxBalanceModule: `${TREX_MODULES}/MaxBalanceModule.sol/MaxBalanceModule.json`,
  SupplyLimitModule: `${TREX_MODULES}/SupplyLimitModule.sol/SupplyLimitModule.json`,
  TimeTransfersLimitsModule: `${TREX_MODULES}/TimeTransfersLimitsModule.sol/TimeTransfersLimitsModule.json`,
  TransferFeesModule: `${TREX_MODULES}/TransferFeesModule.sol/TransferFeesModule.json`,
  // ONCHAINID
  Identity: `${ONCHAINID}/Identity.sol/Identity.json`,
  ClaimIssuer: `${ONCHAINID}/ClaimIssuer.sol/ClaimIssuer.json`,
  IdFactory: `${ONCHAINID}/factory/IdFactory.sol/IdFactory.json`,
  ImplementationAuthority: `${ONCHAINID}/proxy/ImplementationAuthority.sol/ImplementationAuthority.json`,
  IdentityProxy: `${ONCHAINID}/proxy/IdentityProxy.sol/IdentityProxy.json`,
  // Safe
  Safe: `${SAFE}/Safe.sol/Safe.json`,
  SafeL2: `${SAFE}/SafeL2.sol/SafeL2.json`,
  SafeProxy: `${SAFE}/proxies/SafeProxy.sol/SafeProxy.json`,
  SafeProxyFactory: `${SAFE}/proxies/SafeProxyFactory.sol/SafeProxyFactory.json`,
  CompatibilityFallbackHandler: `${SAFE}/handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json`,
  MultiSend: `${SAFE}/libraries/MultiSend.sol/MultiSend.json`,
  MultiSendCallOnly: `${SAFE}/libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json`,
  // ERC-4337
  EntryPoint: `${ACCOUNT_ABSTRACTION}/EntryPoint.json`,
} as const;

export type PackageContract = keyof typeof PACKAGE_ARTIFACTS;
