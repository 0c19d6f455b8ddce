"use client";
// wagmi and React Query for the Connect pages' wallet sign-in: one chain (the page's network), the
// browser's injected wallet (window.ethereum) as the only connector. Mounted around the wallet section only.
// The console mounts it too, for owners' and token holders' wallet signatures: the chains of the page's records.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { defineChain, type Chain } from "viem";
import { polygon, polygonAmoy } from "viem/chains";
import { createConfig, http, injected, WagmiProvider } from "wagmi";

function chainOf(chainId: number): Chain {
  const known = [polygonAmoy, polygon].find((c) => c.id === chainId);
  return known ?? defineChain({ id: chainId, name: `Chain ${chainId}`, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [] } } });
}

export function WalletProvider({ chainId, children }: { chainId: number | readonly number[]; children: ReactNode }) {
  const [config] = useState(() => {
    const ids = typeof chainId === "number" ? [chainId] : chainId.length ? chainId : [polygonAmoy.id];
    const [chain, ...more] = ids.map(chainOf);
    return createConfig({
      chains: [chain, ...more],
      connectors: [injected()],
      transports: Object.fromEntries(ids.map((id) => [id, http()])),
      multiInjectedProviderDiscovery: false,
      ssr: true,
    });
  });
  const [queryClient] = useState(() => new QueryClient());
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  );
}
