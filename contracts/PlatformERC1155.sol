// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC1155URIStorage} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155URIStorage.sol";
import {ERC1155Burnable} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Burnable.sol";
import {ERC1155Pausable} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Pausable.sol";
import {TokenFeatures, TokenFeatureFlags} from "./common/TokenFeatures.sol";
import {PlatformRoles} from "./common/PlatformRoles.sol";
import {PlatformNFT} from "./common/PlatformNFT.sol";

/// The platform's ERC-1155: a default URI (`setURI`, may hold `{id}`), per-token URIs on an optional
/// prefix (`setBaseURI`), ERC-2981 royalties, burning and pausing, with AccessControl roles.
/// `name` and `symbol` are not part of ERC-1155 but wallets and marketplaces read them.
/// Burning needs BURNER_ROLE and, as usual, being the holder or an approved operator.
contract PlatformERC1155 is ERC1155, ERC1155URIStorage, ERC1155Burnable, ERC1155Pausable, PlatformNFT {
    string public name;
    string public symbol;

    /// `admin` receives every role. A zero `royaltyReceiver` leaves the default royalty unset.
    constructor(
        string memory name_,
        string memory symbol_,
        string memory uri_,
        address admin,
        address royaltyReceiver,
        uint96 royaltyFeeNumerator,
        TokenFeatures memory features_
    ) ERC1155(uri_) PlatformNFT(royaltyReceiver, royaltyFeeNumerator) PlatformRoles(admin) TokenFeatureFlags(features_) {
        name = name_;
        symbol = symbol_;
    }

    /// Mints `amount` of `id` to `to` (receiver-checked); a non-empty `tokenURI` becomes the URI of `id`.
    function mint(address to, uint256 id, uint256 amount, string calldata tokenURI) external onlyMinter whenMintable {
        if (bytes(tokenURI).length > 0) _setURI(id, tokenURI);
        _mint(to, id, amount, "");
    }

    function burn(address account, uint256 id, uint256 value) public override onlyBurner whenBurnable {
        super.burn(account, id, value);
    }

    function burnBatch(address account, uint256[] memory ids, uint256[] memory values)
        public
        override
        onlyBurner
        whenBurnable
    {
        super.burnBatch(account, ids, values);
    }

    /// Sets the default URI, used by ids without a URI of their own.
    function setURI(string calldata newURI) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _setURI(newURI);
    }

    /// Sets the prefix put in front of per-token URIs.
    function setBaseURI(string calldata baseURI) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _setBaseURI(baseURI);
    }

    function setTokenURI(uint256 id, string calldata tokenURI) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _setURI(id, tokenURI);
    }

    function uri(uint256 id) public view override(ERC1155, ERC1155URIStorage) returns (string memory) {
        return super.uri(id);
    }

    function _update(address from, address to, uint256[] memory ids, uint256[] memory values)
        internal
        override(ERC1155, ERC1155Pausable)
    {
        super._update(from, to, ids, values);
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, PlatformNFT) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
