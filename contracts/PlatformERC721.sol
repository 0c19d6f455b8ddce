// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721URIStorage} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721URIStorage.sol";
import {ERC721Burnable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Burnable.sol";
import {ERC721Pausable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Pausable.sol";
import {TokenFeatures, TokenFeatureFlags} from "./common/TokenFeatures.sol";
import {PlatformRoles} from "./common/PlatformRoles.sol";
import {PlatformNFT} from "./common/PlatformNFT.sol";

/// The platform's ERC-721: per-token URIs on a settable base URI, ERC-2981 royalties, burning and
/// pausing, with AccessControl roles. Metadata and royalties are managed by DEFAULT_ADMIN_ROLE.
/// Burning needs BURNER_ROLE and, as usual, ownership of or approval for the token.
contract PlatformERC721 is ERC721, ERC721URIStorage, ERC721Burnable, ERC721Pausable, PlatformNFT {
    string private _baseTokenURI;

    /// `admin` receives every role. A zero `royaltyReceiver` leaves the default royalty unset.
    constructor(
        string memory name_,
        string memory symbol_,
        string memory baseURI_,
        address admin,
        address royaltyReceiver,
        uint96 royaltyFeeNumerator,
        TokenFeatures memory features_
    ) ERC721(name_, symbol_) PlatformNFT(royaltyReceiver, royaltyFeeNumerator) PlatformRoles(admin) TokenFeatureFlags(features_) {
        _baseTokenURI = baseURI_;
    }

    /// Mints `tokenId` to `to` (receiver-checked); an empty `uri` leaves the token on base URI + id.
    function mint(address to, uint256 tokenId, string calldata uri) external onlyMinter whenMintable {
        // Set before minting so a receiver contract already sees the final tokenURI.
        if (bytes(uri).length > 0) _setTokenURI(tokenId, uri);
        _safeMint(to, tokenId);
    }

    function burn(uint256 tokenId) public override onlyBurner whenBurnable {
        super.burn(tokenId);
    }

    function setBaseURI(string calldata baseURI_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _baseTokenURI = baseURI_;
        emit BatchMetadataUpdate(0, type(uint256).max);
    }

    function setTokenURI(uint256 tokenId, string calldata uri) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _requireOwned(tokenId);
        _setTokenURI(tokenId, uri);
    }

    function baseURI() external view returns (string memory) {
        return _baseTokenURI;
    }

    function _baseURI() internal view override returns (string memory) {
        return _baseTokenURI;
    }

    function tokenURI(uint256 tokenId) public view override(ERC721, ERC721URIStorage) returns (string memory) {
        return super.tokenURI(tokenId);
    }

    function _update(address to, uint256 tokenId, address auth)
        internal
        override(ERC721, ERC721Pausable)
        returns (address)
    {
        return super._update(to, tokenId, auth);
    }

    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(ERC721, ERC721URIStorage, PlatformNFT)
        returns (bool)
    {
        return super.supportsInterface(interfaceId);
    }
}
